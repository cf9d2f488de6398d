/**
 * Operator command for webhook endpoints: `npm run webhooks -- create|list|delete|deliveries|redeliver`
 * (see WEBHOOKS_USAGE), and `listen`, which needs no database: it forwards a deployment's events to a
 * local receiver over the API (see LISTEN_USAGE).
 */
import { createServiceContext } from '../lib/core/context';
import { closeDb, commandDb } from '../lib/db/client';
import { config } from '../lib/platform/config';
import { parseCommandLine, runCommand } from '../lib/platform/cli';
import { WebhookAdminError } from '../lib/webhooks/admin';
import { LISTEN_COMMAND, LISTEN_USAGE, listen, listenOptions } from '../lib/webhooks/listen';
import { WEBHOOKS_COMMAND, runWebhooksCommand } from '../lib/webhooks/webhooks-command';

const argv = process.argv.slice(2);
if (argv[0] === 'listen') {
  await runCommand({
    ...LISTEN_COMMAND,
    usage: LISTEN_USAGE,
    run: async (args) => {
      const { values } = parseCommandLine(args, LISTEN_COMMAND);
      const stop = new AbortController();
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
      const { forwarded } = await listen({ ...listenOptions(values, config().PUBLIC_BASE_URL), signal: stop.signal });
      return `Stopped after forwarding ${forwarded} event(s).`;
    },
  });
}

/**
 * The operator acts (the audit trail names them). The services' info lines are for a server's log:
 * here they would land on stdout amid the command's answer (and break its --json), so only
 * warnings and errors are logged.
 */
async function operatorContext() {
  const ctx = createServiceContext({ db: await commandDb(), requestId: 'cli', clientAddress: 'cli', actor: { kind: 'operator' } });
  return { ...ctx, log: ctx.log.child({}, { level: 'warn' }) };
}

await runCommand({
  ...WEBHOOKS_COMMAND,
  run: async (args) => runWebhooksCommand(args, await operatorContext()),
  refusal: (err) => err instanceof WebhookAdminError,
  close: closeDb,
});
