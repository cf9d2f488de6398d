/** Operator command for orders and after-sales requests: `npm run orders -- <verb>` (see ORDERS_USAGE). */
import { closeDb, commandDb } from '../lib/db/client';
import { ORDERS_USAGE, OrdersUsageError, runOrdersCommand } from '../lib/orders/orders-command';
import { exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
  console.log(ORDERS_USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
try {
  console.log(await runOrdersCommand(argv, await commandDb()));
  await closeDb();
} catch (err) {
  await closeDb().catch(() => undefined);
  console.error(err instanceof OrdersUsageError ? err.message : err);
  process.exit(err instanceof OrdersUsageError ? 2 : 1);
}
