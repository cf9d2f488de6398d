/** Operator command for orders and after-sales requests: `npm run orders -- <verb>` (see ORDERS_USAGE). */
import { closeDb, commandDb } from '../lib/db/client';
import { ORDERS_COMMAND, runOrdersCommand } from '../lib/orders/orders-command';
import { runCommand } from '../lib/platform/cli';

await runCommand({ ...ORDERS_COMMAND, run: async (argv) => runOrdersCommand(argv, await commandDb()), close: closeDb });
