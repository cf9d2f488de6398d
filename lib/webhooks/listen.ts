import { UsageError } from '../platform/cli';
import { generateWebhookSecret, signMessage } from './secrets';

/**
 * `npm run webhooks -- listen`: develop a webhook receiver on your own machine against any
 * deployment (a production build included, which never delivers to a loopback address). It polls
 * the installation's events over the API (`GET /api/v1/open/events`, `order=asc`) with an API key,
 * and forwards each event, signed with Standard Webhooks headers under a secret of its own, to a
 * local URL, printing one line per event with the receiver's status. Like `stripe listen`.
 */
export const LISTEN_USAGE = `Usage: npm run webhooks -- listen --forward-to <url> --api-key <key> [options]

  --forward-to <url>   where to POST each event (e.g. http://localhost:4000/hooks)
  --api-key <key>      an API key of the installation with webhooks:read (sk_test_… / sk_live_…)
  --base-url <url>     the deployment to listen to (default: PUBLIC_BASE_URL)
  --secret <whsec_…>   sign with this secret (default: a new one, printed at start)
  --kinds <a,b>        only these event kinds
  --since <ISO time>   start from this time instead of now (at most 30 days ago)
  --interval <ms>      poll every <ms> milliseconds (default 2000)
  --once               forward what there is, then exit (for scripts and tests)`;

export const LISTEN_COMMAND = {
  usage: LISTEN_USAGE,
  options: {
    'forward-to': { type: 'string' },
    'api-key': { type: 'string' },
    'base-url': { type: 'string' },
    secret: { type: 'string' },
    kinds: { type: 'string' },
    since: { type: 'string' },
    interval: { type: 'string' },
    once: { type: 'boolean', default: false },
  },
} as const;

export type ListenOptions = {
  forwardTo: string;
  apiKey: string;
  baseUrl: string;
  secret?: string;
  kinds?: string[];
  since?: Date;
  intervalMs?: number;
  once?: boolean;
  /** Where a line goes (console.log by default). */
  print?: (line: string) => void;
  /** Stops the loop (SIGINT/SIGTERM in the command). */
  signal?: AbortSignal;
};

type Message = { id: string; type: string; createdAt: string; [k: string]: unknown };

/** A poller re-reads this much before the newest event it has seen: an event can be listed a moment after a later one. */
const OVERLAP_MS = 60_000;

/** Checks the command line's values and turns them into ListenOptions. */
export function listenOptions(values: Record<string, string | boolean | undefined>, defaultBaseUrl: string): ListenOptions {
  const forwardTo = values['forward-to'];
  const apiKey = values['api-key'];
  if (typeof forwardTo !== 'string' || !URL.canParse(forwardTo) || !/^https?:$/.test(new URL(forwardTo).protocol)) {
    throw new UsageError(`listen needs --forward-to <http(s) URL>\n\n${LISTEN_USAGE}`);
  }
  if (typeof apiKey !== 'string' || !apiKey) throw new UsageError(`listen needs --api-key <key>\n\n${LISTEN_USAGE}`);
  const baseUrl = typeof values['base-url'] === 'string' ? values['base-url'] : defaultBaseUrl;
  if (!URL.canParse(baseUrl)) throw new UsageError(`--base-url must be a URL\n\n${LISTEN_USAGE}`);
  const secret = typeof values.secret === 'string' ? values.secret : undefined;
  if (secret !== undefined && !/^whsec_[A-Za-z0-9+/=]{16,}$/.test(secret)) throw new UsageError('--secret must look like whsec_<base64>');
  const since = typeof values.since === 'string' ? new Date(values.since) : undefined;
  if (since && Number.isNaN(since.getTime())) throw new UsageError('--since must be an ISO time, e.g. 2026-11-25T10:00:00Z');
  const intervalMs = typeof values.interval === 'string' ? Number(values.interval) : undefined;
  if (intervalMs !== undefined && !(Number.isInteger(intervalMs) && intervalMs >= 100 && intervalMs <= 600_000)) throw new UsageError('--interval must be 100..600000 milliseconds');
  const kinds = typeof values.kinds === 'string' ? values.kinds.split(',').map((k) => k.trim()).filter(Boolean) : undefined;
  return { forwardTo, apiKey, baseUrl, secret, kinds, since, intervalMs, once: values.once === true };
}

/** Polls and forwards until the signal aborts (or after one pass with `once`). Returns how many events it forwarded. */
export async function listen(options: ListenOptions): Promise<{ forwarded: number; secret: string }> {
  const print = options.print ?? ((line: string) => console.log(line));
  const secret = options.secret ?? generateWebhookSecret();
  const seen = new Map<string, number>();
  let from = options.since ?? new Date();
  let forwarded = 0;
  print(`Ready. Forwarding events of ${options.baseUrl} to ${options.forwardTo}`);
  print(`Signing secret: ${secret} (verify with standardwebhooks; Ctrl-C stops)`);

  for (;;) {
    let cursor: string | undefined;
    do {
      const query = new URLSearchParams({ order: 'asc', limit: '100', createdFrom: from.toISOString() });
      if (options.kinds?.length) query.set('kind', options.kinds.join(','));
      if (cursor) query.set('cursor', cursor);
      const page = await fetchEvents(options, query);
      for (const message of page.data) {
        if (seen.has(message.id)) continue;
        seen.set(message.id, Date.parse(message.createdAt));
        forwarded++;
        print(await forward(options, secret, message));
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor && !options.signal?.aborted);
    // Next pass: from a minute before the newest event seen; forget ids older than that.
    const newest = Math.max(from.getTime() + OVERLAP_MS, ...seen.values());
    from = new Date(newest - OVERLAP_MS);
    for (const [id, at] of seen) if (at < from.getTime()) seen.delete(id);
    if (options.once || options.signal?.aborted) return { forwarded, secret };
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.intervalMs ?? 2000);
      options.signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    if (options.signal?.aborted) return { forwarded, secret };
  }
}

async function fetchEvents(options: ListenOptions, query: URLSearchParams): Promise<{ data: Message[]; nextCursor: string | null }> {
  const url = new URL(`/api/v1/open/events?${query}`, options.baseUrl);
  const res = await fetch(url, { headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' }, signal: options.signal });
  const body = (await res.json().catch(() => null)) as { data?: Message[]; meta?: { nextCursor?: string | null }; error?: { code?: string; message?: string } } | null;
  if (!res.ok || !Array.isArray(body?.data)) {
    throw new Error(`GET ${url.pathname} answered ${res.status}${body?.error ? ` ${body.error.code}: ${body.error.message}` : ''}`);
  }
  return { data: body.data, nextCursor: body.meta?.nextCursor ?? null };
}

/** POSTs one event to the local receiver, signed; the line to print. A receiver that is down is reported, not fatal. */
async function forward(options: ListenOptions, secret: string, message: Message): Promise<string> {
  const payload = JSON.stringify(message);
  const at = new Date();
  const started = performance.now();
  const head = `${message.createdAt}  ${message.type.padEnd(30)} ${message.id}`;
  try {
    const res = await fetch(options.forwardTo, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signMessage([secret], message.id, at, payload) },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    return `${head}  -> ${res.status} (${Math.round(performance.now() - started)} ms)`;
  } catch (err) {
    return `${head}  -> failed: ${(err as Error).message}`;
  }
}
