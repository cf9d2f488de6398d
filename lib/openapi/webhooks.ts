import { z } from 'zod';
import { eventKinds } from '../webhooks/event-catalogue';
import { WebhookMessage, exampleEvent, messageBody } from '../webhooks/message';
import { REMEMBER_WEBHOOK_IDS_DAYS } from '../webhooks/retention';

const signatureHeaders = [
  {
    name: 'webhook-id',
    description: `The message id (\`msg_…\`), the same on every retry and redelivery: deduplicate on it, remembering the ids you processed for ${REMEMBER_WEBHOOK_IDS_DAYS} days.`,
  },
  { name: 'webhook-timestamp', description: 'Unix seconds when this attempt was signed; reject it when more than 5 minutes off.' },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded `whsec_` secret; two during a secret rotation overlap.',
  },
].map((h) => ({ in: 'header' as const, required: true, schema: { type: 'string' as const }, ...h }));

/**
 * The OpenAPI 3.1 `webhooks` of the document: one entry per event kind of the catalogue, the
 * message as a receiver gets it (its `data` the kind's payload schema), the signature headers
 * and a whole example.
 */
export function openApiWebhooks(): Record<string, unknown> {
  return Object.fromEntries(
    eventKinds.map((kind) => [
      kind.type,
      {
        post: {
          summary: kind.description,
          description: `Stability: ${kind.stability}. Verify the signature on the raw body before parsing it (Standard Webhooks); answer 2xx within 5 s.`,
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: WebhookMessage.extend({ type: z.literal(kind.type), data: kind.payload }),
                example: JSON.parse(messageBody(exampleEvent(kind))),
              },
            },
          },
          responses: { '200': { description: 'Any 2xx acknowledges the delivery; 410 Gone disables the endpoint; anything else is retried.' } },
        },
      },
    ]),
  );
}
