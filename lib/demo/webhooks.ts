import { createHmac } from 'node:crypto';
import { getServerSecret } from '../platform/server-secret';
import type { Db } from '../db/client';
import { eventKinds } from '../webhooks/event-catalogue';
import { encryptWebhookSecret } from '../webhooks/secrets';
import { stableUuid } from './ids';
import { DEMO_APP_SLUG, DEMO_INSTALLATION_MERCHANT } from './seed-credentials';

export const DEMO_WEBHOOK_ENDPOINT_ID = stableUuid(`webhook-endpoint:${DEMO_APP_SLUG}:${DEMO_INSTALLATION_MERCHANT}`);
export const DEMO_WEBHOOK_URL = 'https://example.com/webhooks/storefront-commerce';
export const DEMO_WEBHOOK_DELIVERY_ID = stableUuid(`webhook-delivery:${DEMO_APP_SLUG}:${DEMO_INSTALLATION_MERCHANT}:order.paid`);

/**
 * The demo installation's webhook endpoint, subscribed to every kind. It starts disabled, since
 * example.com receives nothing: point it at a receiver of yours (PATCH with `url` and
 * `enabled: true`). Its secret is derived from the server secret, so every run of the seed
 * shows the same one in demo.json. Idempotent; changes made since are kept.
 */
export async function seedDemoWebhooks(db: Db, installationId: string): Promise<{ endpointId: string; secret: string; url: string }> {
  const secret = `whsec_${createHmac('sha256', getServerSecret()).update('demo-webhook-secret').digest('base64')}`;
  const existing = await db.webhookEndpoint.findUnique({ where: { id: DEMO_WEBHOOK_ENDPOINT_ID } });
  if (!existing) {
    await db.webhookEndpoint.create({
      data: {
        id: DEMO_WEBHOOK_ENDPOINT_ID,
        installationId,
        merchantId: stableUuid(`merchant:${DEMO_INSTALLATION_MERCHANT}`),
        url: DEMO_WEBHOOK_URL,
        description: 'Demo endpoint: point it at your receiver, then enable it',
        eventTypes: eventKinds.map((k) => k.type),
        enabled: false,
        disabledReason: 'operator',
        secretCiphertext: encryptWebhookSecret(secret, DEMO_WEBHOOK_ENDPOINT_ID),
      },
    });
  }
  return { endpointId: DEMO_WEBHOOK_ENDPOINT_ID, secret: existing && existing.secretVersion > 1 ? '(rotated since the seed: the new secret was shown once)' : secret, url: existing?.url ?? DEMO_WEBHOOK_URL };
}

/**
 * The demo endpoint's delivery of the demo paid order's `order.paid` event, waiting (the endpoint
 * is disabled) as every event for it does: what the delivery log and resend examples show. The
 * fan-out never makes a second one for the same event. Idempotent; after the demo orders.
 */
export async function seedDemoWebhookDelivery(db: Db, installationId: string, paidOrderId: string | undefined): Promise<void> {
  if (!paidOrderId || (await db.webhookDelivery.findUnique({ where: { id: DEMO_WEBHOOK_DELIVERY_ID } }))) return;
  const event = await db.domainEvent.findFirst({ where: { installationId, subjectId: paidOrderId, type: 'order.paid' }, orderBy: { sequence: 'desc' } });
  if (!event) return;
  await db.webhookDelivery.createMany({
    data: [{ id: DEMO_WEBHOOK_DELIVERY_ID, endpointId: DEMO_WEBHOOK_ENDPOINT_ID, eventId: event.id, eventType: event.type, nextAttemptAt: event.occurredAt }],
    skipDuplicates: true,
  });
}
