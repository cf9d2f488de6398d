import type { RetryOptions } from './types.js';

export const DEFAULT_RETRY: Required<RetryOptions> = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

/** What an attempt ended with, as far as retrying is concerned. */
export type AttemptOutcome =
  | { kind: 'network' }
  | {
      kind: 'response';
      status: number;
      /** The PublicErrorResponse's code, when the body is one. */
      code?: string;
      /** The server's wait hint (Retry-After, details.retryAfterSeconds), in ms. */
      retryAfterMs?: number;
    };

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

/**
 * Whether sending the same request again can apply its effect twice: never for reads, never for
 * a request carrying an Idempotency-Key (the server replays the first outcome).
 */
export function isSafeToRepeat(method: string, hasIdempotencyKey: boolean): boolean {
  return method === 'GET' || method === 'HEAD' || hasIdempotencyKey;
}

/** Full jitter: a uniform wait between 0 and the attempt's exponential step. */
export function backoffMs(retryIndex: number, policy: Required<RetryOptions>, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.round(random() * step);
}

/**
 * The retry rules. 429 was refused before anything ran, so it is always retried; 409
 * `idempotency_request_in_progress` means the first request with this key is still running,
 * and waiting gets its outcome. 5xx answers and network failures may hide an effect that
 * happened, so they are retried only when repeating is safe. A server hint is honoured as a
 * floor (plus a little jitter, so clients told the same second do not come back together);
 * a 429 hint beyond `maxRetryAfterMs` is not waited for.
 */
export function decideRetry(
  input: { retryIndex: number; safe: boolean; outcome: AttemptOutcome },
  policy: Required<RetryOptions>,
  random: () => number = Math.random,
): RetryDecision {
  const { retryIndex, safe, outcome } = input;
  if (retryIndex >= policy.maxRetries) return { retry: false };
  const backoff = backoffMs(retryIndex, policy, random);
  if (outcome.kind === 'network') return safe ? { retry: true, delayMs: backoff } : { retry: false };

  const hint = outcome.retryAfterMs;
  const honour = (hintMs: number) => hintMs + Math.round(random() * Math.min(policy.baseDelayMs, 1_000));
  if (outcome.status === 429) {
    if (hint === undefined) return { retry: true, delayMs: backoff };
    return hint > policy.maxRetryAfterMs ? { retry: false } : { retry: true, delayMs: honour(hint) };
  }
  if (outcome.status === 409 && outcome.code === 'idempotency_request_in_progress') {
    return { retry: true, delayMs: Math.max(backoff, hint === undefined ? 0 : honour(hint)) };
  }
  if (safe && [500, 502, 503, 504].includes(outcome.status)) {
    return { retry: true, delayMs: Math.max(backoff, hint === undefined ? 0 : honour(Math.min(hint, policy.maxRetryAfterMs))) };
  }
  return { retry: false };
}

/**
 * The wait the server asks for, in ms: `Retry-After` (seconds or an HTTP date) and the error's
 * `details.retryAfterSeconds`, the larger of the two.
 */
export function retryAfterMs(headers: Headers, details: Record<string, unknown> | undefined, now: number = Date.now()): number | undefined {
  const hints: number[] = [];
  const header = headers.get('retry-after')?.trim();
  if (header) {
    if (/^\d+$/.test(header)) hints.push(Number(header) * 1000);
    else {
      const at = Date.parse(header);
      if (!Number.isNaN(at)) hints.push(Math.max(0, at - now));
    }
  }
  const seconds = details?.retryAfterSeconds;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) hints.push(seconds * 1000);
  return hints.length ? Math.max(...hints) : undefined;
}
