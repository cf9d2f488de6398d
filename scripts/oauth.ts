/** Operator command for OAuth clients: `npm run oauth -- client:create|client:list ...` (see OAUTH_USAGE). */
import { storeDirectory } from '../lib/catalog/store-directory';
import { closeDb, commandDb } from '../lib/db/client';
import { createServiceContext } from '../lib/core/context';
import { OAUTH_USAGE, runOAuthCommand } from '../lib/oauth/oauth-command';
import { OAuthAdminError } from '../lib/oauth/clients';
import { exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
  console.log(OAUTH_USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
try {
  const db = await commandDb();
  console.log(await runOAuthCommand(argv, createServiceContext({ db, requestId: 'cli', clientAddress: 'cli' }), storeDirectory));
  await closeDb();
} catch (err) {
  await closeDb().catch(() => undefined);
  const usage = err instanceof OAuthAdminError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(usage ? (err as Error).message : err);
  process.exit(usage ? 2 : 1);
}
