import type { ServiceContext } from '../core/context';
import { type CommandSpec, UsageError, parseCommandLine } from '../platform/cli';
import { eventKinds } from './event-catalogue';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, redeliverWebhook } from './admin';

export const WEBHOOKS_USAGE = `Usage: npm run webhooks -- <command> [options]

  create --merchant <slug> --url <https URL> --events <a,b|all> [--app <slug>] [--description <text>]
         Creates an endpoint for the app's installation on the store. The signing secret is shown once.
  list   [--merchant <slug>]
  delete <endpointId>
         Deletes the endpoint and its delivery log.
  deliveries <endpointId> [--limit <n>]
         The latest deliveries with every attempt (status, duration, response excerpt).
  redeliver <deliveryId>
         Sends a delivery again at once with a fresh retry schedule (same webhook-id).
  listen --forward-to <url> --api-key <key> [--base-url <url>] [--secret <whsec_…>] [--kinds <a,b>] [--since <time>]
         Forwards a deployment's events, signed, to a local receiver (npm run webhooks -- listen --help).

  --json prints JSON. Event kinds: ${eventKinds.map((k) => k.type).join(', ') || '(none yet)'}.`;

/** What `npm run webhooks` takes (for parseCommandLine, and scripts/webhooks.ts's runCommand). */
export const WEBHOOKS_COMMAND = {
  usage: WEBHOOKS_USAGE,
  options: {
    merchant: { type: 'string' },
    app: { type: 'string' },
    url: { type: 'string' },
    events: { type: 'string' },
    description: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
} as const satisfies CommandSpec;

const DEFAULT_APP = 'custom-integration';

/** Runs one `npm run webhooks` command and returns what to print. */
export async function runWebhooksCommand(argv: readonly string[], ctx: ServiceContext): Promise<string> {
  const {
    command,
    args: [target],
    values,
  } = parseCommandLine(argv, WEBHOOKS_COMMAND);
  const out = (text: string, data: unknown) => (values.json ? JSON.stringify(data, null, 2) : text);

  switch (command) {
    case 'create': {
      if (!values.merchant || !values.url || !values.events) throw new UsageError('create needs --merchant, --url and --events');
      const events = values.events === 'all' ? 'all' : values.events.split(',').map((s) => s.trim()).filter(Boolean);
      const created = await createWebhookEndpoint(ctx, {
        merchantSlug: values.merchant,
        appSlug: values.app ?? DEFAULT_APP,
        url: values.url,
        eventTypes: events,
        description: values.description ?? null,
      });
      return out(`${created.secret}\n\nShown once: give it to the receiver now. Only an encrypted copy is kept.\n\n${formatEndpoints([{ ...created.endpoint, merchant: values.merchant, app: values.app ?? DEFAULT_APP }])}`, created);
    }
    case 'list': {
      const endpoints = await listWebhookEndpoints(ctx, { merchantSlug: values.merchant });
      return out(endpoints.length ? formatEndpoints(endpoints) : 'No webhook endpoints.', endpoints);
    }
    case 'delete': {
      if (!target) throw new UsageError('delete needs an endpoint id');
      await deleteWebhookEndpoint(ctx, target);
      return out(`Deleted ${target}.`, { deleted: target });
    }
    case 'deliveries': {
      if (!target) throw new UsageError('deliveries needs an endpoint id');
      const limit = values.limit ? Number(values.limit) : 20;
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError('--limit is 1 to 500');
      const deliveries = await listWebhookDeliveries(ctx, target, limit);
      const text = deliveries
        .map((d) =>
          [
            `${d.id}  ${d.eventType}  ${d.status}  attempts=${d.attempts}${d.nextAttemptAt ? `  next=${d.nextAttemptAt}` : ''}  webhook-id=${d.webhookId}`,
            ...d.log.map((a) => `  #${a.attempt} ${a.startedAt} ${a.outcome} ${a.statusCode ?? '-'} ${a.durationMs}ms ${JSON.stringify((a.responseExcerpt ?? '').slice(0, 80))}`),
          ].join('\n'),
        )
        .join('\n');
      return out(text || 'No deliveries.', deliveries);
    }
    case 'redeliver': {
      if (!target) throw new UsageError('redeliver needs a delivery id');
      await redeliverWebhook(ctx, target);
      return out(`Queued ${target} for delivery now; the worker or cron sends it.`, { queued: target });
    }
    default:
      throw new UsageError(WEBHOOKS_USAGE);
  }
}

function formatEndpoints(endpoints: { id: string; url: string; enabled: boolean; health: string; eventTypes: string[]; merchant: string; app: string; secret: { version: number } }[]): string {
  const rows = [
    ['ID', 'URL', 'STATE', 'HEALTH', 'EVENTS', 'MERCHANT', 'APP', 'SECRET'],
    ...endpoints.map((e) => [e.id, e.url, e.enabled ? 'enabled' : 'disabled', e.health, e.eventTypes.join(',') || '-', e.merchant, e.app, `v${e.secret.version}`]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}
