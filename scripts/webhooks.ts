/** Operator command for webhook endpoints: `npm run webhooks -- create|list|delete|deliveries|redeliver` (see WEBHOOKS_USAGE). */
import { createServiceContext } from '../lib/core/context';
import { closeDb, commandDb } from '../lib/db/client';
import { runCommand } from '../lib/platform/cli';
import { WebhookAdminError } from '../lib/webhooks/admin';
import { WEBHOOKS_COMMAND, runWebhooksCommand } from '../lib/webhooks/webhooks-command';

await runCommand({
  ...WEBHOOKS_COMMAND,
  run: async (argv) => runWebhooksCommand(argv, createServiceContext({ db: await commandDb(), requestId: 'cli', clientAddress: 'cli' })),
  refusal: (err) => err instanceof WebhookAdminError,
  close: closeDb,
});
