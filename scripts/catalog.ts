/** Operator command for the product CSV: `npm run catalog -- import <file> [--dry-run] --store <id> | export --store <id>` (see CATALOG_USAGE). */
import { closeDb, commandDb } from '../lib/db/client';
import { CATALOG_COMMAND, runCatalogCommand } from '../lib/jobs/catalog-command';
import { runCommand } from '../lib/platform/cli';

await runCommand({ ...CATALOG_COMMAND, run: async (argv) => runCatalogCommand(argv, await commandDb()), close: closeDb });
