import 'zod-openapi';
import { z } from 'zod';
import { intQuery } from '../schemas/common';
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

/* Management of an installation's own endpoints, deliveries and events (extension operations). */

const WebhookUrl = z.string().min(1).max(MAX_URL_LENGTH).meta({
  description: 'https URL without credentials or fragment, whose host resolves only to public addresses.',
});

export const PublicWebhookCreateRequest = z
  .strictObject({
    url: WebhookUrl,
    eventTypes: z.array(EventType).min(1).max(100).meta({ description: 'Event kinds to receive, from listInstallationWebhookEvents.' }),
    description: z.string().max(500).nullable().optional(),
    enabled: z.boolean().optional().meta({ description: 'false creates it disabled: its events wait until it is enabled. Default true.' }),
  })
  .meta({ id: 'PublicWebhookCreateRequest' });
export type PublicWebhookCreateRequest = z.infer<typeof PublicWebhookCreateRequest>;

export const PublicWebhookCreateResult = z
  .strictObject({
    endpoint: PublicWebhookEndpoint,
    secret: z.string().startsWith('whsec_').meta({ description: 'The signing secret. Shown in this response only: store it now.' }),
  })
  .meta({ id: 'PublicWebhookCreateResult' });
export type PublicWebhookCreateResult = z.infer<typeof PublicWebhookCreateResult>;

export const PublicWebhookEndpointDeleted = z.strictObject({ id: z.uuid(), deleted: z.literal(true) }).meta({ id: 'PublicWebhookEndpointDeleted' });
export type PublicWebhookEndpointDeleted = z.infer<typeof PublicWebhookEndpointDeleted>;

const Cursor = z.string().min(1).max(200).meta({ description: 'The `meta.nextCursor` of the previous page; absent for the first page.' });

export const WebhookCursorQuery = z.strictObject({ cursor: Cursor.optional(), limit: intQuery(1, 50, 20) }).meta({ id: 'WebhookCursorQuery' });
export type WebhookCursorQuery = z.output<typeof WebhookCursorQuery>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed', 'expired'] as const;

export const WebhookDeliveryListQuery = z
  .strictObject({
    status: z.enum(webhookDeliveryStatuses).optional().meta({ description: 'Only deliveries in this state.' }),
    cursor: Cursor.optional(),
    limit: intQuery(1, 50, 20),
  })
  .meta({ id: 'WebhookDeliveryListQuery' });
export type WebhookDeliveryListQuery = z.output<typeof WebhookDeliveryListQuery>;

export const WebhookDeliveryParams = z.strictObject({
  id: z.uuid().meta({ description: 'The webhook endpoint id.' }),
  deliveryId: z.uuid().meta({ description: 'The delivery id.' }),
});

export const WebhookDelivery = z
  .strictObject({
    id: z.uuid(),
    endpointId: z.uuid(),
    webhookId: z.string().meta({ description: 'The `webhook-id` header every attempt of this delivery carries.' }),
    eventId: z.uuid().meta({ description: 'The event delivered (its message `id`).' }),
    eventType: z.string(),
    test: z.boolean().meta({ description: 'A test event (sendInstallationWebhookTestEvent), not an event of the store.' }),
    status: z.enum(webhookDeliveryStatuses).meta({
      description: '`pending`: due or retrying, or waiting while the endpoint is disabled; `failed`: every retry failed, or the receiver answered 410; `expired`: waited 30 days unsent.',
    }),
    attempts: z.int().min(0),
    nextAttemptAt: z.iso.datetime().nullable().meta({ description: 'When the next attempt is due (pending only).' }),
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
    log: z.array(
      z.strictObject({
        attempt: z.int().min(1),
        startedAt: z.iso.datetime(),
        durationMs: z.int().min(0),
        statusCode: z.int().nullable().meta({ description: 'The receiver’s HTTP status; null when none came (timeout, refused address, network error).' }),
        outcome: z.string().meta({ description: '`succeeded`, `failed`, `gone` (410), `timeout`, `refused` (unsafe address) or `network_error`.' }),
        responseExcerpt: z.string().nullable().meta({ description: 'The first 1 KiB of the answer, or the error.' }),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookTestEventRequest = z
  .strictObject({ kind: EventType.meta({ description: 'The event kind to send, from listInstallationWebhookEvents.' }) })
  .meta({ id: 'WebhookTestEventRequest' });
export type WebhookTestEventRequest = z.infer<typeof WebhookTestEventRequest>;

export const WebhookEventListQuery = z
  .strictObject({
    kind: z
      .string()
      .min(1)
      .max(2000)
      .transform((s) => [...new Set(s.split(',').map((t) => t.trim()))])
      .pipe(z.array(EventType).min(1).max(20))
      .optional()
      .meta({ description: 'Only events of this kind, or of these kinds (comma-separated, at most 20).' }),
    createdFrom: z.iso.datetime({ offset: true }).optional().meta({ description: 'Only events that happened at or after this time (at most 30 days ago).' }),
    createdTo: z.iso.datetime({ offset: true }).optional().meta({ description: 'Only events that happened before this time.' }),
    order: z.enum(['desc', 'asc']).default('desc').meta({ description: '`desc` (default): newest first; `asc`: in the order they were written.' }),
    cursor: Cursor.optional(),
    limit: intQuery(1, 100, 20),
  })
  .meta({ id: 'WebhookEventListQuery' });
export type WebhookEventListQuery = z.output<typeof WebhookEventListQuery>;
