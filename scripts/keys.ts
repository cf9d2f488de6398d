/** Operator command for API keys: `npm run keys -- create|list|revoke|roll ...` (see KEYS_USAGE). */
import { storeDirectory } from '../lib/catalog/store-directory';
import { createServiceContext } from '../lib/core/context';
import { CredentialAdminError } from '../lib/credentials/api-keys';
import { KEYS_COMMAND, runKeysCommand } from '../lib/credentials/keys-command';
import { closeDb, commandDb } from '../lib/db/client';
import { runCommand } from '../lib/platform/cli';

await runCommand({
  ...KEYS_COMMAND,
  run: async (argv) => runKeysCommand(argv, createServiceContext({ db: await commandDb(), requestId: 'cli', clientAddress: 'cli' }), storeDirectory),
  refusal: (err) => err instanceof CredentialAdminError,
  close: closeDb,
});
