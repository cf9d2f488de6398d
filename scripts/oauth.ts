/** Operator command for OAuth clients: `npm run oauth -- client:create|client:list ...` (see OAUTH_USAGE). */
import { storeDirectory } from '../lib/catalog/store-directory';
import { createServiceContext } from '../lib/core/context';
import { closeDb, commandDb } from '../lib/db/client';
import { OAuthAdminError } from '../lib/oauth/clients';
import { OAUTH_COMMAND, runOAuthCommand } from '../lib/oauth/oauth-command';
import { runCommand } from '../lib/platform/cli';

await runCommand({
  ...OAUTH_COMMAND,
  run: async (argv) => runOAuthCommand(argv, createServiceContext({ db: await commandDb(), requestId: 'cli', clientAddress: 'cli' }), storeDirectory),
  refusal: (err) => err instanceof OAuthAdminError,
  close: closeDb,
});
