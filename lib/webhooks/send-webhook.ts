import { Agent, request } from 'undici';
import { type NetworkPolicy, UnsafeWebhookUrl, checkLiteralHost, checkUrlShape, checkedLookup } from './url-safety';

/** How long a receiver has to answer, headers and body together. */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** Bytes of a receiver's answer kept in the delivery log; the rest is never read. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export type AttemptOutcome = 'succeeded' | 'failed' | 'gone' | 'timeout' | 'refused' | 'network_error';

export type AttemptResult = {
  outcome: AttemptOutcome;
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  /** A 429 or 503 answer's Retry-After, in seconds: the next attempt waits at least that long. */
  retryAfterSeconds?: number;
};

export type SendOptions = { policy: NetworkPolicy; timeoutMs?: number; now?: () => number };

const agents = new WeakMap<NetworkPolicy, Agent>();

/** One connection pool per policy, its sockets resolved through the checked lookup. */
function agentFor(policy: NetworkPolicy, timeoutMs: number): Agent {
  let agent = agents.get(policy);
  if (!agent) {
    agent = new Agent({
      connect: { lookup: checkedLookup(policy), timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      keepAliveTimeout: 4_000,
    });
    agents.set(policy, agent);
  }
  return agent;
}

/**
 * POSTs one signed message. Redirects are not followed (a 3xx is a failure), the whole exchange
 * is bounded by the timeout, only the first RESPONSE_EXCERPT_BYTES of the answer are read, and
 * the URL is checked again here, on the address actually dialled. Never throws: every way a
 * delivery can go is an outcome for the log.
 */
export async function sendWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<AttemptResult> {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const clock = options.now ?? Date.now;
  const started = clock();
  const done = (outcome: AttemptOutcome, statusCode: number | null, excerpt: string | null): AttemptResult => ({
    outcome,
    statusCode,
    durationMs: Math.max(0, Math.round(clock() - started)),
    excerpt,
  });
  try {
    const url = checkUrlShape(rawUrl, options.policy);
    checkLiteralHost(url, options.policy);
    const res = await request(url, {
      method: 'POST',
      dispatcher: agentFor(options.policy, timeoutMs),
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'storefront-commerce-webhooks/1' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const excerpt = await readExcerpt(res.body);
    const status = res.statusCode;
    if (status >= 200 && status < 300) return done('succeeded', status, excerpt);
    const result = done(status === 410 ? 'gone' : 'failed', status, excerpt);
    const retryAfter = status === 429 || status === 503 ? retryAfterSeconds(res.headers['retry-after'], clock()) : undefined;
    return retryAfter === undefined ? result : { ...result, retryAfterSeconds: retryAfter };
  } catch (err) {
    const refused = findRefusal(err);
    if (refused) return done('refused', null, refused.message);
    if (isTimeout(err)) return done('timeout', null, `no answer within ${timeoutMs} ms`);
    return done('network_error', null, describe(err));
  }
}

/** Retry-After as delay-seconds or an HTTP date, capped at a day. */
function retryAfterSeconds(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - nowMs) / 1000;
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.min(Math.ceil(seconds), 24 * 3600);
}

async function readExcerpt(body: AsyncIterable<Buffer> & { destroy: () => void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= RESPONSE_EXCERPT_BYTES) break;
  }
  body.destroy();
  // PostgreSQL text cannot hold NUL: a receiver answering one must not make the attempt unrecordable.
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8').replaceAll('\u0000', '');
}

function causes(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

function findRefusal(err: unknown): UnsafeWebhookUrl | undefined {
  return causes(err).find((e): e is UnsafeWebhookUrl => e instanceof UnsafeWebhookUrl || (e as { code?: string })?.code === 'ERR_WEBHOOK_ADDRESS_REFUSED');
}

function isTimeout(err: unknown): boolean {
  return causes(err).some((e) => {
    const { name, code } = e as { name?: string; code?: string };
    return name === 'TimeoutError' || name === 'AbortError' || (code !== undefined && /TIMEOUT/.test(code));
  });
}

function describe(err: unknown): string {
  const chain = causes(err).map((e) => (e as { code?: string }).code ?? (e as Error).message);
  return chain.filter(Boolean).join(': ').slice(0, RESPONSE_EXCERPT_BYTES) || 'network error';
}
