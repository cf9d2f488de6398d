import { randomUUID } from 'node:crypto';
import { type MerchantRecord, readMerchantById } from '../catalog/data';
import { publicBaseUrl } from '../core/media-urls';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { type OrderRecord, readOrder } from '../orders/data';
import { config } from '../platform/config';
import type { Logger } from '../platform/logger';
import { composeMessage } from './compose';
import { type NewMessage, type PendingEvent, existingDedupeKeys, insertMessages, listGoneEndpoints, lockUnnotifiedEvents, markEventsNotified, readStoreMemberAddresses, readTextOverrides, readUnsubscribed } from './data';
import { type MessageKind, kindInfo, messageKinds } from './kinds';
import { renderMessage } from './render';

/**
 * Turns new outbox events into messages, at least once from the committed event log and exactly
 * once in effect: one transaction takes the oldest events not yet notified (FOR UPDATE SKIP
 * LOCKED, so concurrent runners split them), writes their messages, and marks them notified; a
 * message's dedupe key (event, kind, recipient) is unique, so a second reading of an event (a
 * crash between the two) makes nothing twice. The messages are rendered here, so what was sent
 * is what the mailbox keeps.
 */
export async function deriveMessages(db: Db, now: Date, log: Logger, limit = 10): Promise<number> {
  return db.$transaction(
    async (tx) => {
      const events = await lockUnnotifiedEvents(tx, limit);
      if (!events.length) return 0;
      const messages: NewMessage[] = [];
      for (const event of events) {
        try {
          messages.push(...(await messagesOf(tx, event, now)));
        } catch (err) {
          // One event that cannot be told (a payload no template expects) must not hold up every later one.
          log.error({ err, eventId: event.id, type: event.type }, 'no e-mail could be made of this event; it is skipped');
        }
      }
      await insertMessages(tx, messages);
      await markEventsNotified(tx, events.map((e) => e.id), now);
      return events.length;
    },
    // Rendering takes a few milliseconds a message; a slow machine must not lose the batch to Prisma's 5 s default.
    { timeout: 30_000, maxWait: 15_000 },
  );
}

/** How far back a disabled endpoint is still news (an upgrade does not alert about old ones). */
const ENDPOINT_ALERT_WINDOW_MS = 7 * 24 * 3600_000;

/**
 * Alerts the store's members when a webhook endpoint was disabled by its receiver (410 Gone).
 * Webhooks record that in the endpoint's row, not as an outbox event, so this reads the rows: the
 * dedupe key (endpoint and the time it was disabled) makes one alert per disabling, however
 * many passes see it. Returns how many messages it made.
 */
export async function deriveEndpointAlerts(db: Db, now: Date): Promise<number> {
  const endpoints = await listGoneEndpoints(db, new Date(now.getTime() - ENDPOINT_ALERT_WINDOW_MS));
  if (!endpoints.length) return 0;
  const keyOf = (e: (typeof endpoints)[number], to: string) => `endpoint-disabled:${e.id}:${e.disabledAt.toISOString()}:${to.toLowerCase()}`;
  const messages: NewMessage[] = [];
  for (const endpoint of endpoints) {
    const store = await readMerchantById(db, endpoint.merchantId);
    if (!store) continue;
    const members = await readStoreMemberAddresses(db, store.id);
    const done = await existingDedupeKeys(db, members.map((m) => keyOf(endpoint, m)));
    const waiting = members.filter((m) => !done.has(keyOf(endpoint, m)));
    if (!waiting.length) continue;
    const overrides = await readTextOverrides(db, store.id);
    const unsubscribed = await readUnsubscribed(db, store.id, 'merchant_webhook_disabled', waiting);
    for (const to of waiting) {
      messages.push(
        await buildMessage({
          kind: 'merchant_webhook_disabled',
          store,
          order: null,
          payload: { endpointId: endpoint.id, url: endpoint.url },
          to,
          eventId: null,
          dedupeKey: keyOf(endpoint, to),
          now,
          suppressed: unsubscribed.has(to.toLowerCase()),
          overrides,
        }),
      );
    }
  }
  return insertMessages(db, messages);
}

/** The kinds an event makes: payment received only for manual payments (a card's receipt is the confirmation), a refund on its own only for a cancellation (an after-sales refund has its own message). */
export function kindsOf(event: Pick<PendingEvent, 'type' | 'payload'>): MessageKind[] {
  return messageKinds.filter((kind) => {
    if (kindInfo[kind].event !== event.type) return false;
    if (kind === 'payment_received') return event.payload.paymentMethod === 'manual';
    if (kind === 'order_refunded') return event.payload.reason === 'cancellation';
    return true;
  });
}

async function messagesOf(tx: Prisma.TransactionClient, event: PendingEvent, now: Date): Promise<NewMessage[]> {
  const kinds = kindsOf(event);
  if (!kinds.length) return [];
  const store = await readMerchantById(tx, event.merchantId);
  if (!store) return [];
  const orderId = typeof event.payload.orderId === 'string' ? event.payload.orderId : null;
  const order = orderId ? await readOrder(tx, orderId) : null;
  const overrides = await readTextOverrides(tx, store.id);
  const out: NewMessage[] = [];
  for (const kind of kinds) {
    const recipients = kindInfo[kind].audience === 'shopper' ? (order?.email ? [order.email] : []) : await readStoreMemberAddresses(tx, store.id);
    if (!recipients.length) continue;
    const unsubscribed = kindInfo[kind].transactional ? new Set<string>() : await readUnsubscribed(tx, store.id, kind, recipients);
    for (const to of recipients) {
      out.push(await buildMessage({ kind, store, order, payload: event.payload, to, eventId: event.id, dedupeKey: `${event.id}:${kind}:${to.toLowerCase()}`, now, suppressed: unsubscribed.has(to.toLowerCase()), overrides }));
    }
  }
  return out;
}

export type BuildInput = {
  kind: MessageKind;
  store: MerchantRecord;
  order: OrderRecord | null;
  payload: Record<string, unknown>;
  to: string;
  eventId: string | null;
  dedupeKey: string;
  now: Date;
  suppressed: boolean;
  overrides: Awaited<ReturnType<typeof readTextOverrides>>;
};

/** One message, composed and rendered, ready for the outbox. */
export async function buildMessage(b: BuildInput): Promise<NewMessage> {
  const composed = composeMessage({ kind: b.kind, store: b.store, order: b.order, payload: b.payload, overrides: b.overrides }, b.to);
  const rendered = await renderMessage(composed.view);
  const id = randomUUID();
  return {
    id,
    dedupeKey: b.dedupeKey,
    merchantId: b.store.id,
    kind: b.kind,
    audience: kindInfo[b.kind].audience,
    transactional: kindInfo[b.kind].transactional,
    locale: composed.locale,
    toAddress: b.to,
    fromAddress: fromAddress(b.store.displayName),
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: `<${id}@${publicBaseUrl().hostname}>`,
    unsubscribeUrl: composed.unsubscribeUrl,
    orderId: b.order?.id ?? null,
    eventId: b.eventId,
    status: b.suppressed ? 'suppressed' : 'pending',
    nextAttemptAt: b.now,
    createdAt: b.now,
  };
}

/** `"Store name" <MAIL_FROM>`: the store's name as the sender's, the deployment's address. */
export function fromAddress(storeName: string): string {
  const address = config().MAIL_FROM ?? `no-reply@${publicBaseUrl().hostname}`;
  return `"${storeName.replace(/["\\\r\n]/g, '')}" <${address}>`;
}
