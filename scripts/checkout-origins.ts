/** Operator command for hosted checkout return origins: `npm run checkout:origins -- list|add|remove` (see ORIGINS_USAGE). */
import { ORIGINS_COMMAND, runOriginsCommand } from '../lib/checkout/origins-command';
import { closeDb, commandDb } from '../lib/db/client';
import { runCommand } from '../lib/platform/cli';

await runCommand({ ...ORIGINS_COMMAND, run: async (argv) => runOriginsCommand(argv, await commandDb()), close: closeDb });
