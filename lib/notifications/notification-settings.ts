import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { readMerchantById } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { OrderRecord } from '../orders/data';
import { kindText } from './compose';
import { type TextOverrides, insertMessages, lockTextOverrides, readTextOverrides, saveTextOverrides } from './data';
import { recordAudit } from '../audit/record-audit';
import { buildMessage } from './derive-messages';
import type { MessageKind } from './kinds';
import { type RenderedMessage, renderMessage } from './render';
import { composeMessage } from './compose';
import { type KindText, type MailLocale, defaultTexts, mailLocales } from './texts';

export const SUBJECT_MAX = 150;
export const INTRO_MAX = 600;

/** One kind's texts in both languages as the console edits them: the store's own, empty where it keeps the default. */
export type KindTexts = Record<MailLocale, { subject: string; intro: string }>;

const TextsInput = z.object(
  Object.fromEntries(mailLocales.map((l) => [l, z.object({ subject: z.string().trim().max(SUBJECT_MAX), intro: z.string().trim().max(INTRO_MAX) })])) as Record<
    MailLocale,
    z.ZodObject<{ subject: z.ZodString; intro: z.ZodString }>
  >,
);

async function storeOrThrow(ctx: ServiceContext, merchantId: string) {
  const store = await readMerchantById(ctx.db, merchantId);
  if (!store) throw new ServiceError('merchant_not_found');
  return store;
}

/** The store's own texts of one kind, and the defaults they replace. */
export async function readKindTexts(ctx: ServiceContext, merchantId: string, kind: MessageKind): Promise<{ own: KindTexts; defaults: Record<MailLocale, KindText> }> {
  const overrides = await readTextOverrides(ctx.db, merchantId);
  const own = Object.fromEntries(mailLocales.map((l) => [l, { subject: overrides[kind]?.[l]?.subject ?? '', intro: overrides[kind]?.[l]?.intro ?? '' }])) as KindTexts;
  return { own, defaults: defaultTexts[kind] };
}

/** Saves the store's texts of one kind (an empty field keeps the default); returns whether anything changed. */
export async function saveKindTexts(ctx: ServiceContext, merchantId: string, kind: MessageKind, input: KindTexts): Promise<{ changed: boolean }> {
  const parsed = TextsInput.safeParse(input);
  if (!parsed.success) throw new ServiceError('validation_failed', { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })) });
  await storeOrThrow(ctx, merchantId);
  // One transaction under the settings row's lock: the overrides are one document per store, so a
  // save of another message at the same moment waits instead of being overwritten.
  return ctx.db.$transaction(async (tx) => {
    const overrides: TextOverrides = await lockTextOverrides(tx, merchantId, ctx.now);
    const before = JSON.stringify(overrides[kind] ?? {});
    const next: TextOverrides[string] = {};
    for (const l of mailLocales) {
      const { subject, intro } = parsed.data[l];
      if (subject || intro) next[l] = { ...(subject && { subject }), ...(intro && { intro }) };
    }
    if (Object.keys(next).length) overrides[kind] = next;
    else delete overrides[kind];
    if (JSON.stringify(overrides[kind] ?? {}) === before) return { changed: false };
    await saveTextOverrides(tx, merchantId, overrides, ctx.now);
    await recordAudit(tx, ctx.actor, {
      merchantId,
      action: 'store.notifications.update',
      subjectType: 'store',
      subjectId: merchantId,
      occurredAt: ctx.now,
      details: { kind, languages: Object.keys(next).join(' ') },
    });
    return { changed: true };
  });
}

/** A made-up order for previews and tests: nobody's data, the store's currency and language. */
function sampleOrder(store: { id: string; defaultMarket: string }, locale: MailLocale, now: Date): OrderRecord {
  const cn = store.defaultMarket === 'CN';
  const lines = [
    { title: locale === 'zh-CN' ? '示例商品 · 黑色' : 'Sample product · Black', quantity: 2, unitAmount: cn ? 19900 : 2500 },
    { title: locale === 'zh-CN' ? '示例配件' : 'Sample accessory', quantity: 1, unitAmount: cn ? 4900 : 900 },
  ];
  const subtotal = lines.reduce((s, l) => s + l.quantity * l.unitAmount, 0);
  const shipping = cn ? 1000 : 500;
  return {
    id: '00000000-0000-4000-8000-000000000000',
    number: 'SO-SAMPLE-000000',
    merchantId: store.id,
    installationId: '00000000-0000-4000-8000-000000000000',
    checkoutSessionId: 'cs_sample',
    state: 'paid',
    version: 1,
    market: cn ? 'CN' : 'US',
    locale,
    currency: cn ? 'CNY' : 'USD',
    taxInclusive: cn,
    subtotal,
    discountTotal: 0,
    shippingTotal: shipping,
    taxTotal: 0,
    total: subtotal + shipping,
    refundedTotal: 0,
    address: cn
      ? { country: 'CN', recipient: '张三', phone: '', province: '上海', city: '上海市', district: '浦东新区', detail: '示例路 1 号', postalCode: null }
      : { country: 'US', recipient: 'Sam Sample', line1: '1 Example Street', line2: null, city: 'Springfield', state: 'IL', postalCode: '62701', phone: null },
    email: null,
    carrier: cn ? 'sf-express' : 'ups',
    trackingNumber: cn ? 'SF0000000000' : '1Z999AA10123456784',
    createdAt: now,
    updatedAt: now,
    paidAt: now,
    fulfillingAt: null,
    shippedAt: null,
    deliveredAt: null,
    closedAt: null,
    cancelledAt: null,
    lines: lines.map((l, i) => ({ id: `00000000-0000-4000-8000-00000000000${i + 1}`, position: i, skuId: '', productSlug: '', skuCode: `SAMPLE-${i + 1}`, title: l.title, kind: 'physical', optionValues: {}, quantity: l.quantity, unitAmount: l.unitAmount, subtotal: l.quantity * l.unitAmount, tax: 0, total: l.quantity * l.unitAmount })),
    payments: [],
    transitions: [],
    afterSales: [],
  };
}

function samplePayload(order: OrderRecord): Record<string, unknown> {
  return {
    orderId: order.id,
    orderNumber: order.number,
    state: 'paid',
    paymentMethod: 'manual',
    currency: order.currency,
    amount: order.total,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    reason: order.locale === 'zh-CN' ? '已超过退货期限' : 'Outside the return window',
    refundAmount: order.lines[0]!.subtotal,
    skuCode: 'SAMPLE-1',
    available: 3,
    lowStockThreshold: 5,
    endpointId: '00000000-0000-4000-8000-000000000000',
    url: 'https://hooks.example.com/storefront',
  };
}

/** A kind as the store's readers would get it now (its own texts included), in one language, about a made-up order. */
export async function previewMessage(ctx: ServiceContext, merchantId: string, kind: MessageKind, locale: MailLocale): Promise<RenderedMessage> {
  const store = await storeOrThrow(ctx, merchantId);
  const overrides = await readTextOverrides(ctx.db, merchantId);
  const order = sampleOrder(store, locale, ctx.now);
  // A preview in either language, whatever the store's own: the merchant checks both.
  const composed = composeMessage({ kind, store: { ...store, defaultLocale: locale }, order, payload: samplePayload(order), overrides }, 'preview@example.com');
  return renderMessage(composed.view);
}

/** Queues one kind, about a made-up order, to `to` (the signed-in merchant user): it goes out like any message. */
export async function sendTestMessage(ctx: ServiceContext, merchantId: string, kind: MessageKind, locale: MailLocale, to: string): Promise<string> {
  const store = await storeOrThrow(ctx, merchantId);
  const overrides = await readTextOverrides(ctx.db, merchantId);
  const order = sampleOrder(store, locale, ctx.now);
  const message = await buildMessage({
    kind,
    store: { ...store, defaultLocale: locale },
    order,
    payload: samplePayload(order),
    to,
    eventId: null,
    dedupeKey: `test:${randomUUID()}`,
    now: ctx.now,
    suppressed: false,
    overrides,
  });
  await insertMessages(ctx.db, [{ ...message, subject: `[TEST] ${message.subject}` }]);
  return message.id;
}

export { kindText };
