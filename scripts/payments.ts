/** Operator command for a store's payment provider accounts: `npm run payments -- <verb>` (see PAYMENTS_USAGE). */
import { text } from 'node:stream/consumers';
import { storeDirectory } from '../lib/catalog/store-directory';
import { PAYMENTS_COMMAND, runPaymentsCommand } from '../lib/checkout/payments/payments-command';
import { closeDb, commandDb } from '../lib/db/client';
import { runCommand } from '../lib/platform/cli';

await runCommand({ ...PAYMENTS_COMMAND, run: async (argv) => runPaymentsCommand(argv, await commandDb(), storeDirectory, () => text(process.stdin)), close: closeDb });
