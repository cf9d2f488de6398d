/** Operator command for API keys: `npm run keys -- create|list|revoke|roll ...` (see KEYS_USAGE). */
import { CredentialAdminError } from '../lib/credentials/api-keys';
import { storeDirectory } from '../lib/catalog/store-directory';
import { KEYS_USAGE, runKeysCommand } from '../lib/credentials/keys-command';
import { closeDb, commandDb } from '../lib/db/client';
import { createServiceContext } from '../lib/core/context';
import { exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
  console.log(KEYS_USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
try {
  const db = await commandDb();
  console.log(await runKeysCommand(argv, createServiceContext({ db, requestId: 'cli', clientAddress: 'cli' }), storeDirectory));
  await closeDb();
} catch (err) {
  await closeDb().catch(() => undefined);
  const usage = err instanceof CredentialAdminError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(usage ? (err as Error).message : err);
  process.exit(usage ? 2 : 1);
}
