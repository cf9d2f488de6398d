/** Operator command for merchant users: `npm run merchant-users -- create|reset-password|list` (see MERCHANT_USERS_USAGE). */
import { closeDb, getDb } from '../lib/db/client';
import { createServiceContext } from '../lib/core/context';
import { storeDirectory } from '../lib/catalog/store-directory';
import { MERCHANT_USERS_USAGE, runMerchantUsersCommand } from '../lib/merchant-users/merchant-users-command';
import { MerchantUserAdminError } from '../lib/merchant-users/merchant-users';
import { exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
  console.log(MERCHANT_USERS_USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
try {
  const db = await getDb();
  console.log(await runMerchantUsersCommand(argv, createServiceContext({ db, requestId: 'cli', clientAddress: 'cli' }), storeDirectory));
  await closeDb();
} catch (err) {
  await closeDb().catch(() => undefined);
  const usage = err instanceof MerchantUserAdminError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(usage ? (err as Error).message : err);
  process.exit(usage ? 2 : 1);
}
