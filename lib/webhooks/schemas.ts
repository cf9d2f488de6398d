import 'zod-openapi';
import { z } from 'zod';
import { eventKind } from './event-catalogue';
import { MAX_URL_LENGTH } from './url-safety';

export const MAX_ROTATION_OVERLAP_SECONDS = 7 * 24 * 3600;
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 24 * 3600;

export const WebhookEndpointIdParams = z.strictObject({ id: z.uuid().meta({ description: 'The webhook endpoint id.' }) });

const EventType = z
  .string()
  .min(1)
  .max(100)
  .refine((t) => eventKind(t) !== undefined, { message: 'unknown event kind: see listInstallationWebhookEvents' });

export const PublicWebhookUpdateRequest = z
  .strictObject({
    url: z.string().min(1).max(MAX_URL_LENGTH).optional().meta({
      description: 'https URL without credentials or fragment, whose host resolves only to public addresses.',
    }),
    eventTypes: z
      .array(EventType)
      .min(1)
      .max(100)
      .optional()
      .meta({ description: 'Event kinds to receive, from listInstallationWebhookEvents; replaces the current list.' }),
    enabled: z.boolean().optional().meta({ description: 'false stops deliveries: events meanwhile wait (up to 30 days past due, then they expire); true sends them and resumes.' }),
    description: z.string().max(500).nullable().optional(),
    rotateSecret: z.literal(true).optional().meta({
      description: 'Issues a new signing secret, returned once in this response. Deliveries carry both signatures until the overlap ends.',
    }),
    rotationOverlapSeconds: z
      .int()
      .min(0)
      .max(MAX_ROTATION_OVERLAP_SECONDS)
      .optional()
      .meta({ description: `How long the previous secret keeps signing beside the new one (default ${DEFAULT_ROTATION_OVERLAP_SECONDS}). Only with rotateSecret.` }),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'send at least one field to change' })
  .refine((b) => b.rotationOverlapSeconds === undefined || b.rotateSecret === true, {
    message: 'rotationOverlapSeconds needs rotateSecret: true',
    path: ['rotationOverlapSeconds'],
  })
  .meta({ id: 'PublicWebhookUpdateRequest' });
export type PublicWebhookUpdateRequest = z.infer<typeof PublicWebhookUpdateRequest>;

export const PublicWebhookEndpoint = z
  .strictObject({
    id: z.uuid(),
    url: z.string(),
    description: z.string().nullable(),
    eventTypes: z.array(z.string()),
    enabled: z.boolean(),
    disabledReason: z
      .enum(['operator', 'api', 'gone'])
      .nullable()
      .meta({ description: '`gone`: the receiver answered 410 Gone; `api`/`operator`: switched off on purpose.' }),
    health: z.enum(['healthy', 'failing']).meta({ description: '`failing` after repeated failed attempts; the next success makes it `healthy`.' }),
    secret: z
      .strictObject({
        version: z.int().min(1).meta({ description: 'Counts rotations. The secret itself is never returned by a read.' }),
        previousSecretExpiresAt: z.iso
          .datetime()
          .nullable()
          .meta({ description: 'Until then deliveries carry a second signature made with the previous secret.' }),
      })
      .meta({ description: 'About the signing secret, never the secret.' }),
    consecutiveFailures: z.int().min(0),
    lastSuccessAt: z.iso.datetime().nullable(),
    lastFailureAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicWebhookEndpoint' });
export type PublicWebhookEndpoint = z.infer<typeof PublicWebhookEndpoint>;

export const PublicWebhookUpdateResult = z
  .strictObject({
    endpoint: PublicWebhookEndpoint,
    rotation: z
      .strictObject({
        secret: z.string().startsWith('whsec_').meta({ description: 'The new signing secret. Shown once: store it now.' }),
        previousSecretExpiresAt: z.iso.datetime().meta({ description: 'The previous secret signs too until then.' }),
      })
      .nullable()
      .meta({ description: 'Present when rotateSecret was sent, null otherwise.' }),
  })
  .meta({ id: 'PublicWebhookUpdateResult' });
export type PublicWebhookUpdateResult = z.infer<typeof PublicWebhookUpdateResult>;

export const WebhookEventKindEntry = z
  .strictObject({
    type: z.string(),
    description: z.string(),
    stability: z.enum(['stable', 'candidate']),
    subjectType: z.string(),
    payloadSchema: z.record(z.string(), z.unknown()).meta({ description: 'JSON Schema (draft 2020-12) of `data` in the delivered message.' }),
    example: z.record(z.string(), z.unknown()).meta({ description: 'A whole delivered message of this kind: the raw body a receiver gets.' }),
  })
  .meta({ id: 'WebhookEventKind' });

export const WebhookEventCatalogue = z
  .strictObject({
    apiVersion: z.literal('v1'),
    envelope: z.record(z.string(), z.unknown()).meta({ description: 'JSON Schema of every delivered message; `data` is the kind’s payload.' }),
    events: z.array(WebhookEventKindEntry),
  })
  .meta({ id: 'WebhookEventCatalogue' });
export type WebhookEventCatalogue = z.infer<typeof WebhookEventCatalogue>;

const SignatureHeaders = z.strictObject({
  'webhook-id': z.string(),
  'webhook-timestamp': z.string(),
  'webhook-signature': z.string(),
});

export const WebhookSignatureVector = z
  .strictObject({
    name: z.enum(['valid', 'tampered_body', 'stale_timestamp', 'wrong_secret']),
    description: z.string(),
    headers: SignatureHeaders,
    body: z.string().meta({ description: 'The raw body, byte for byte as sent: verify it before parsing.' }),
    signedContent: z.string().meta({ description: '`{webhook-id}.{webhook-timestamp}.{body}`, the string the HMAC covers.' }),
    expected: z.enum(['valid', 'reject']),
  })
  .meta({ id: 'WebhookSignatureVector' });

export const WebhookSignatureFixture = z
  .strictObject({
    endpointId: z.uuid(),
    algorithm: z.literal('v1').meta({ description: 'Standard Webhooks v1: HMAC-SHA256 over signedContent with the base64-decoded secret after `whsec_`, base64 encoded, prefixed `v1,`.' }),
    toleranceSeconds: z.int().meta({ description: 'Reject messages whose timestamp is further than this from your clock.' }),
    secretVersion: z.int().min(1),
    signedWith: z
      .array(z.enum(['current', 'previous']))
      .meta({ description: 'The endpoint’s secrets that signed the valid vector: both during a rotation overlap, space-separated in webhook-signature.' }),
    verifyAt: z.int().meta({ description: 'Unix seconds at which the vectors were made; `valid` verifies within toleranceSeconds of it.' }),
    vectors: z.array(WebhookSignatureVector),
  })
  .meta({ id: 'WebhookSignatureFixture' });
export type WebhookSignatureFixture = z.infer<typeof WebhookSignatureFixture>;
