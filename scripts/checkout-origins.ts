/** Operator command for hosted checkout return origins: `npm run checkout:origins -- list|add|remove` (see ORIGINS_USAGE). */
import { ORIGINS_USAGE, OriginsUsageError, runOriginsCommand } from '../lib/checkout/origins-command';
import { closeDb, commandDb } from '../lib/db/client';
import { exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
  console.log(ORIGINS_USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
try {
  console.log(await runOriginsCommand(argv, await commandDb()));
  await closeDb();
} catch (err) {
  await closeDb().catch(() => undefined);
  console.error(err instanceof OriginsUsageError ? err.message : err);
  process.exit(err instanceof OriginsUsageError ? 2 : 1);
}
