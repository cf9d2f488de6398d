import { describe, expect, it } from 'vitest';
import * as unsubscribeRoute from '../app/notifications/unsubscribe/route';
import { getDb } from '../lib/db/client';
import { appendEvent } from '../lib/events/append-event';
import { inventoryLow } from '../lib/catalog/events';
import { runBackgroundWork } from '../lib/jobs/run-background-work';
import { runMailCommand } from '../lib/notifications/mail-command';
import { linksOf, mailboxEnabled } from '../lib/notifications/mailbox';
import { logger } from '../lib/platform/logger';
import { setEnv } from './helpers/env';
import { recordEndpointFailure } from '../lib/webhooks/data';
import { createServiceContext } from '../lib/core/context';
import { previewMessage, readKindTexts, saveKindTexts, sendTestMessage } from '../lib/notifications/notification-settings';

/**
 * The embedded default (#42): with no SMTP_URL a message is kept in the database, marked sent
 * via the mailbox, readable with `npm run mail` and in the development mailbox (shown outside
 * production unless DEV_MAILBOX says otherwise); an alert's signed unsubscribe link asks on GET,
 * records on POST, refuses an altered link, and later alerts to that address are suppressed.
 */

/** Background passes until there is nothing left to do (the seed's own events come first). */
async function pass() {
  for (let i = 0; i < 50; i++) {
    const r = await runBackgroundWork({ db: await getDb(), log: logger });
    if (!r.notifiedEvents && !r.mail.claimed) return;
  }
}

async function lowStock(merchantId: string) {
  const db = await getDb();
  await db.$transaction((tx) => appendEvent(tx, inventoryLow, { merchantId, installationId: null, subjectId: inventoryLow.example.skuId, payload: inventoryLow.example, occurredAt: new Date() }));
  await pass();
  return db.emailMessage.findMany({ where: { merchantId, kind: 'merchant_low_stock' }, orderBy: { createdAt: 'desc' } });
}

describe('the embedded mailbox', () => {
  it('keeps a message without SMTP, lists and shows it with `npm run mail`; the mailbox is on outside production only unless told', async () => {
    const restore = setEnv({ SMTP_URL: undefined });
    const db = await getDb();
    const store = await db.merchant.findUniqueOrThrow({ where: { slug: 'lumen-audio' } });
    const [alert] = await lowStock(store.id);
    expect(alert).toMatchObject({ status: 'sent', transport: 'mailbox', attempts: 1, subject: 'Low stock: AWE-PRO-BLK' });
    const list = await runMailCommand(['list', '--to', alert!.toAddress], db);
    expect(list).toContain(alert!.id);
    expect(list).toContain('Low stock: AWE-PRO-BLK');
    const shown = await runMailCommand(['show', alert!.id], db);
    expect(shown).toContain(`Message-ID: ${alert!.messageId}`);
    expect(shown).toContain('Available: 4');
    expect(shown).toContain('List-Unsubscribe: <');
    await expect(runMailCommand(['show', '00000000-0000-4000-8000-000000000000'], db)).rejects.toThrow('No message');
    expect(linksOf(alert!.text).some((l) => l.includes('/notifications/unsubscribe?'))).toBe(true);

    expect(mailboxEnabled()).toBe(true);
    const prod = setEnv({ NODE_ENV: 'production', DEV_MAILBOX: undefined, API_KEY_SECRET: 'x'.repeat(40), DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://u@127.0.0.1/x' });
    try {
      expect(mailboxEnabled()).toBe(false);
      setEnv({ DEV_MAILBOX: 'on' });
      expect(mailboxEnabled()).toBe(true);
    } finally {
      setEnv({ DEV_MAILBOX: undefined });
      prod();
    }
    restore();
  });

  it('an alert’s unsubscribe link asks first, records on POST, refuses an altered link; later alerts to that address are not sent', async () => {
    const db = await getDb();
    const store = await db.merchant.findUniqueOrThrow({ where: { slug: 'huaxia-digital' } });
    const [first] = await lowStock(store.id);
    const link = linksOf(first!.text).find((l) => l.includes('/notifications/unsubscribe?'))!;
    const url = new URL(link);
    expect(url.searchParams.get('l')).toBe('zh-CN');

    const ask = await unsubscribeRoute.GET(new Request(link));
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('<form method="post"');
    expect(await db.emailUnsubscribe.count({ where: { merchantId: store.id } })).toBe(0);

    const altered = new URL(link);
    altered.searchParams.set('a', 'someone.else@example.com');
    expect((await unsubscribeRoute.POST(new Request(altered, { method: 'POST' }))).status).toBe(404);
    const transactional = new URL(link);
    transactional.searchParams.set('k', 'order_confirmation');
    expect((await unsubscribeRoute.POST(new Request(transactional, { method: 'POST' }))).status).toBe(404);

    const done = await unsubscribeRoute.POST(new Request(link, { method: 'POST' }));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('已退订');
    expect((await unsubscribeRoute.POST(new Request(link, { method: 'POST' }))).status).toBe(200);
    expect(await db.emailUnsubscribe.count({ where: { merchantId: store.id } })).toBe(1);

    const [next] = await lowStock(store.id);
    expect(next!.id).not.toBe(first!.id);
    const again = await db.emailMessage.findMany({ where: { merchantId: store.id, kind: 'merchant_low_stock', toAddress: first!.toAddress }, orderBy: { createdAt: 'asc' } });
    expect(again.map((m) => m.status)).toEqual(['sent', 'suppressed']);
  });

  it('settings: previews in both languages, the store’s own wording (validated, empty keeps the default) reaches the next message, and a test goes to the member', async () => {
    const db = await getDb();
    const ctx = createServiceContext({ db, actor: { kind: 'operator' } });
    const store = await db.merchant.findUniqueOrThrow({ where: { slug: 'lumen-audio' } });
    const en = await previewMessage(ctx, store.id, 'order_shipped', 'en-US');
    const zh = await previewMessage(ctx, store.id, 'order_shipped', 'zh-CN');
    expect(en.subject).toBe('Order SO-SAMPLE-000000 has shipped');
    expect(zh.subject).toBe('订单 SO-SAMPLE-000000 已发货');
    expect(en.text).toContain('Track the shipment: https://');
    expect(en.html).toContain('<html dir="ltr" lang="en-US">');

    await expect(saveKindTexts(ctx, store.id, 'merchant_low_stock', { 'en-US': { subject: 'x'.repeat(151), intro: '' }, 'zh-CN': { subject: '', intro: '' } })).rejects.toMatchObject({ code: 'validation_failed' });
    expect(await saveKindTexts(ctx, store.id, 'merchant_low_stock', { 'en-US': { subject: 'Restock {sku} soon', intro: '' }, 'zh-CN': { subject: '', intro: '' } })).toEqual({ changed: true });
    expect(await saveKindTexts(ctx, store.id, 'merchant_low_stock', { 'en-US': { subject: 'Restock {sku} soon', intro: '' }, 'zh-CN': { subject: '', intro: '' } })).toEqual({ changed: false });
    expect((await readKindTexts(ctx, store.id, 'merchant_low_stock')).own['en-US'].subject).toBe('Restock {sku} soon');
    // The save is in the store's activity, and two saves of different messages at once both hold.
    const audit = await db.auditEntry.findFirstOrThrow({ where: { merchantId: store.id, action: 'store.notifications.update' }, orderBy: { occurredAt: 'desc' } });
    expect(audit.details).toEqual({ kind: 'merchant_low_stock', languages: 'en-US' });
    const texts = (subject: string) => ({ 'en-US': { subject, intro: '' }, 'zh-CN': { subject: '', intro: '' } });
    await Promise.all([saveKindTexts(ctx, store.id, 'merchant_new_order', texts('New order {order}!')), saveKindTexts(ctx, store.id, 'order_delivered', texts('Delivered: {order}'))]);
    expect((await readKindTexts(ctx, store.id, 'merchant_new_order')).own['en-US'].subject).toBe('New order {order}!');
    expect((await readKindTexts(ctx, store.id, 'order_delivered')).own['en-US'].subject).toBe('Delivered: {order}');
    expect((await readKindTexts(ctx, store.id, 'merchant_low_stock')).own['en-US'].subject).toBe('Restock {sku} soon');
    expect((await previewMessage(ctx, store.id, 'merchant_low_stock', 'en-US')).subject).toBe('Restock SAMPLE-1 soon');
    expect((await previewMessage(ctx, store.id, 'merchant_low_stock', 'zh-CN')).subject).toBe('库存不足：SAMPLE-1');
    const [latest] = await lowStock(store.id);
    expect(latest!.subject).toBe('Restock AWE-PRO-BLK soon');

    const id = await sendTestMessage(ctx, store.id, 'order_confirmation', 'zh-CN', 'owner@example.com');
    await pass();
    const test = await db.emailMessage.findUniqueOrThrow({ where: { id } });
    expect(test).toMatchObject({ status: 'sent', toAddress: 'owner@example.com', eventId: null, subject: '[TEST] 订单 SO-SAMPLE-000000 已确认' });
    expect(test.text).toContain('示例商品');
  });

  it('a webhook endpoint its receiver disabled (410 Gone) alerts each member of the store once, with a console link', async () => {
    const db = await getDb();
    const endpoint = await db.webhookEndpoint.findFirstOrThrow();
    const members = await db.merchantMembership.findMany({ where: { merchantId: endpoint.merchantId }, include: { user: true } });
    await db.$transaction((tx) => recordEndpointFailure(tx, endpoint.id, new Date(), { gone: true, failingAfter: 5 }));
    await pass();
    await pass();
    const alerts = await db.emailMessage.findMany({ where: { kind: 'merchant_webhook_disabled' } });
    expect(alerts.map((a) => a.toAddress).sort()).toEqual(members.map((m) => m.user.email).sort());
    for (const a of alerts) {
      expect(a.text).toContain(endpoint.url);
      expect(a.text).toContain(`/developers/webhooks/${endpoint.id}`);
      expect(a.unsubscribeUrl).toContain('k=merchant_webhook_disabled');
    }
  });
});
