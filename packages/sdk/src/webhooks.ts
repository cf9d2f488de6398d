import { Webhook, WebhookVerificationError as SignatureMismatch } from 'standardwebhooks';
import type { webhooks } from './generated/openapi.js';

/** Every event kind the API delivers (the document's `webhooks`). */
export type WebhookEventType = keyof webhooks;

/**
 * A delivered message, typed by its `type`: `switch (event.type)` narrows `data`. A server newer
 * than this SDK may send kinds it does not list yet: keep a `default` branch.
 */
export type WebhookEvent<T extends WebhookEventType = WebhookEventType> = {
  [K in T]: webhooks[K]['post']['requestBody']['content']['application/json'];
}[T];

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function signatureHeaders(source: HeaderSource): Record<(typeof SIGNATURE_HEADERS)[number], string> {
  const lower = new Map<string, string>();
  if (source instanceof Headers) source.forEach((value, name) => lower.set(name.toLowerCase(), value));
  else {
    for (const [name, value] of Object.entries(source)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (first !== undefined) lower.set(name.toLowerCase(), first);
    }
  }
  const out = {} as Record<(typeof SIGNATURE_HEADERS)[number], string>;
  for (const name of SIGNATURE_HEADERS) {
    const value = lower.get(name);
    if (!value) throw new WebhookVerificationError(`Missing the ${name} header`);
    out[name] = value;
  }
  return out;
}

/**
 * Verifies a delivery (Standard Webhooks: HMAC-SHA256 over `{id}.{timestamp}.{raw body}`, the
 * timestamp within 5 minutes) and returns its event. Pass the raw body exactly as received,
 * before any JSON parsing. During a secret rotation pass both secrets: either one verifies.
 * Throws WebhookVerificationError when nothing verifies.
 */
export function verifyWebhook(delivery: {
  payload: string | Uint8Array | ArrayBuffer;
  headers: HeaderSource;
  secret: string | readonly string[];
}): WebhookEvent {
  const payload = typeof delivery.payload === 'string' ? delivery.payload : new TextDecoder().decode(delivery.payload);
  const headers = signatureHeaders(delivery.headers);
  const secrets = typeof delivery.secret === 'string' ? [delivery.secret] : delivery.secret;
  if (secrets.length === 0) throw new WebhookVerificationError('No webhook secret given');
  let reason = 'No matching signature found';
  for (const secret of secrets) {
    try {
      const event = new Webhook(secret).verify(payload, headers) as { type?: unknown } | undefined;
      if (typeof event !== 'object' || event === null || typeof event.type !== 'string') {
        throw new WebhookVerificationError('The verified body is not a webhook message');
      }
      return event as WebhookEvent;
    } catch (err) {
      if (!(err instanceof SignatureMismatch)) throw err instanceof WebhookVerificationError ? err : new WebhookVerificationError(String(err));
      reason = err.message;
    }
  }
  throw new WebhookVerificationError(reason);
}
