import { createDpopProof, type DpopAlgorithm, type DpopKeyPair } from './dpop.js';
import { StorefrontConnectionError } from './errors.js';
import { operationTable } from './generated/operations.js';
import { DEFAULT_RETRY, decideRetry, isSafeToRepeat, retryAfterMs, type RetryDecision } from './retry.js';
import type { OperationId, RetryOptions } from './types.js';

export type FetchLike = (request: Request) => Promise<Response>;

export type Credentials =
  | { kind: 'none' }
  | { kind: 'apiKey'; apiKey: string }
  | { kind: 'dpop'; keyPair: DpopKeyPair; alg?: DpopAlgorithm; accessToken?: () => string | Promise<string> };

export type TransportConfig = {
  baseUrl: string;
  fetch: FetchLike;
  credentials: Credentials;
  retry: RetryOptions | false;
  timeoutMs: number;
};

/** What one call tells the transport beyond its Request. */
export type CallContext = { operationId?: OperationId; retry?: RetryOptions | false; timeoutMs?: number };

type Operation = (typeof operationTable)[OperationId];
type ErrorPeek = { code?: string; details?: Record<string, unknown> };

const NO_RETRY: RetryDecision = { retry: false };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The caller's signal and a per-attempt timeout, as one signal (AbortSignal.any is not everywhere yet). */
function attemptSignal(caller: AbortSignal, timeoutMs: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort(caller.reason);
  if (caller.aborted) onAbort();
  else caller.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      caller.removeEventListener('abort', onAbort);
    },
  };
}

async function peekError(response: Response): Promise<ErrorPeek> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return {};
  try {
    const body = (await response.clone().json()) as { error?: ErrorPeek };
    return { code: typeof body?.error?.code === 'string' ? body.error.code : undefined, details: body?.error?.details };
  } catch {
    return {};
  }
}

/**
 * The fetch every request of a client goes through: it names the operation (from the call, or
 * by matching method and path), adds an Idempotency-Key where the operation requires one and
 * the caller sent none (the same key on every attempt), authenticates each attempt (a fresh DPoP
 * proof every time, with the server's latest nonce), and retries where it is safe.
 */
export function createTransport(config: TransportConfig) {
  const base = new URL(config.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const routes = (Object.entries(operationTable) as [OperationId, Operation][]).map(([id, op]) => ({
    id,
    op,
    pattern: new RegExp(`^${op.path.replaceAll('.', '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const nonces = new Map<string, string>();

  function operationFor(request: Request, id: OperationId | undefined): Operation | undefined {
    if (id) return operationTable[id];
    const url = new URL(request.url);
    if (url.origin !== base.origin || !url.pathname.startsWith(basePath)) return undefined;
    const path = url.pathname.slice(basePath.length);
    return routes.find((r) => r.op.method === request.method && r.pattern.test(path))?.op;
  }

  /** Credentials go only to this client's origin, and only to operations that take them. */
  async function authorize(headers: Headers, request: Request, op: Operation | undefined): Promise<boolean> {
    const creds = config.credentials;
    if (creds.kind === 'none' || new URL(request.url).origin !== base.origin) return false;
    const auth = op?.auth ?? 'apiKey';
    if (auth === 'none') return false;
    if (creds.kind === 'apiKey') {
      if (auth === 'apiKey' && !headers.has('authorization')) headers.set('authorization', `Bearer ${creds.apiKey}`);
      return false;
    }
    if (headers.has('dpop')) return false;
    const nonce = nonces.get(base.origin);
    if (auth === 'oauth') {
      headers.set('dpop', await createDpopProof(creds.keyPair, { method: request.method, url: request.url, nonce, alg: creds.alg }));
      return true;
    }
    if (!creds.accessToken) return false;
    const accessToken = await creds.accessToken();
    headers.set('authorization', `DPoP ${accessToken}`);
    headers.set('dpop', await createDpopProof(creds.keyPair, { method: request.method, url: request.url, accessToken, nonce, alg: creds.alg }));
    return true;
  }

  async function send(request: Request, context: CallContext = {}): Promise<Response> {
    const op = operationFor(request, context.operationId);
    const headers = new Headers(request.headers);
    if (op?.idempotency === 'required' && !headers.has('idempotency-key')) headers.set('idempotency-key', crypto.randomUUID());
    const body = request.body ? await request.arrayBuffer() : undefined;
    const retryOption = context.retry ?? config.retry;
    const policy = retryOption === false ? undefined : { ...DEFAULT_RETRY, ...config.retry, ...retryOption };
    const safe = isSafeToRepeat(request.method, headers.has('idempotency-key'));
    const timeoutMs = context.timeoutMs ?? config.timeoutMs;
    const label = context.operationId ?? `${request.method} ${new URL(request.url).pathname}`;
    let retryIndex = 0;
    let nonceRetries = 0;

    for (;;) {
      const attemptHeaders = new Headers(headers);
      const usedDpop = await authorize(attemptHeaders, request, op);
      const attempt = attemptSignal(request.signal, timeoutMs);
      let response: Response;
      try {
        response = await config.fetch(
          new Request(request.url, { method: request.method, headers: attemptHeaders, body, signal: attempt.signal, redirect: request.redirect }),
        );
      } catch (cause) {
        attempt.done();
        if (request.signal.aborted) throw request.signal.reason ?? cause;
        const decision = policy ? decideRetry({ retryIndex, safe, outcome: { kind: 'network' } }, policy) : NO_RETRY;
        if (!decision.retry) {
          const tries = retryIndex + 1;
          throw new StorefrontConnectionError(`${label}: no answer after ${tries} attempt${tries > 1 ? 's' : ''}`, {
            cause,
            operationId: context.operationId,
          });
        }
        await sleep(decision.delayMs, request.signal);
        retryIndex += 1;
        continue;
      }
      attempt.done();
      const nonce = response.headers.get('dpop-nonce');
      if (nonce) nonces.set(base.origin, nonce);
      if (response.ok) return response;

      const error = await peekError(response);
      const nonceChallenge =
        error.code === 'use_dpop_nonce' || /error="?use_dpop_nonce/.test(response.headers.get('www-authenticate') ?? '');
      // The server refused the proof before doing anything: sign a new one with its nonce.
      if (usedDpop && nonce && nonceChallenge && nonceRetries < 2) {
        nonceRetries += 1;
        await response.body?.cancel();
        continue;
      }
      const decision = policy
        ? decideRetry(
            { retryIndex, safe, outcome: { kind: 'response', status: response.status, code: error.code, retryAfterMs: retryAfterMs(response.headers, error.details) } },
            policy,
          )
        : NO_RETRY;
      if (!decision.retry) return response;
      await response.body?.cancel();
      await sleep(decision.delayMs, request.signal);
      retryIndex += 1;
    }
  }

  return { send };
}

export type Transport = ReturnType<typeof createTransport>;
