/** Operator command for webhook endpoints: `npm run webhooks -- create|list|delete|deliveries|redeliver` (see WEBHOOKS_USAGE). */
import { closeDb, commandDb } from '../lib/db/client';
import { createServiceContext } from '../lib/core/context';
import { WebhookAdminError } from '../lib/webhooks/admin';
import { WEBHOOKS_USAGE, runWebhooksCommand } from '../lib/webhooks/webhooks-command';
import { exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
  console.log(WEBHOOKS_USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
try {
  const db = await commandDb();
  console.log(await runWebhooksCommand(argv, createServiceContext({ db, requestId: 'cli', clientAddress: 'cli' })));
  await closeDb();
} catch (err) {
  await closeDb().catch(() => undefined);
  const usage = err instanceof WebhookAdminError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(usage ? (err as Error).message : err);
  process.exit(usage ? 2 : 1);
}
