/** Operator command for merchant users: `npm run merchant-users -- create|reset-password|list` (see MERCHANT_USERS_USAGE). */
import { storeDirectory } from '../lib/catalog/store-directory';
import { createServiceContext } from '../lib/core/context';
import { closeDb, commandDb } from '../lib/db/client';
import { MerchantUserAdminError } from '../lib/merchant-users/merchant-users';
import { MERCHANT_USERS_COMMAND, runMerchantUsersCommand } from '../lib/merchant-users/merchant-users-command';
import { runCommand } from '../lib/platform/cli';

await runCommand({
  ...MERCHANT_USERS_COMMAND,
  run: async (argv) => runMerchantUsersCommand(argv, createServiceContext({ db: await commandDb(), requestId: 'cli', clientAddress: 'cli' }), storeDirectory),
  refusal: (err) => err instanceof MerchantUserAdminError,
  close: closeDb,
});
