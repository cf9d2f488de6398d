import type { MerchantRecord } from '../catalog/data';
import { publicBaseUrl } from '../core/media-urls';
import type { OrderRecord } from '../orders/data';
import { orderPageUrl } from '../orders/order-links';
import { manualPaymentInstructions } from '../orders/payment-instructions';
import { carrierName, trackingUrl } from '../orders/carriers';
import type { TextOverrides } from './data';
import { type MessageKind, kindInfo } from './kinds';
import { type KindText, type MailLocale, defaultTexts, fill, labels } from './texts';
import { unsubscribeUrl } from './unsubscribe-links';
import { type MessageView, formatAmount, formatDate } from './view';

/** What a message is about, read when it is derived: the event's payload, its order, its store. */
export type MessageSubject = {
  kind: MessageKind;
  store: Pick<MerchantRecord, 'id' | 'slug' | 'displayName' | 'defaultLocale' | 'logoUrl' | 'accentColor'>;
  order: OrderRecord | null;
  payload: Record<string, unknown>;
  overrides: TextOverrides;
};

export type ComposedMessage = { to: string; locale: MailLocale; view: MessageView; unsubscribeUrl: string | null };

const DEFAULT_ACCENT = '#1f6feb';

export function storeLook(store: MessageSubject['store']): MessageView['store'] {
  const logo = store.logoUrl ? new URL(store.logoUrl, publicBaseUrl()).href : null;
  return { name: store.displayName, accentColor: store.accentColor ?? DEFAULT_ACCENT, logoUrl: logo };
}

/** The kind's text in a language: the store's override where it wrote one, else the default. */
export function kindText(kind: MessageKind, locale: MailLocale, overrides: TextOverrides): KindText {
  const own = overrides[kind]?.[locale];
  const base = defaultTexts[kind][locale];
  return { subject: own?.subject?.trim() || base.subject, intro: own?.intro?.trim() || base.intro };
}

const asLocale = (l: string): MailLocale => (l === 'zh-CN' ? 'zh-CN' : 'en-US');

/**
 * The view of one message to one recipient. Shoppers read in the language they ordered in;
 * the store's staff in the store's language. A shopper's message carries the order link (the
 * only credential) and no more personal data than the receipt needs; an alert to the store
 * carries no shopper data at all, only the order's number, sum and a console link.
 */
export function composeMessage(s: MessageSubject, to: string): ComposedMessage {
  const info = kindInfo[s.kind];
  const locale = asLocale(info.audience === 'shopper' && s.order ? s.order.locale : s.store.defaultLocale);
  const L = labels[locale];
  const o = s.order;
  const p = s.payload;
  const money = (amount: number) => formatAmount(amount, o?.currency ?? String(p.currency ?? 'USD'), locale);
  const reasonText = typeof p.reason === 'string' && !['merchant', 'operator', 'system'].includes(p.reason) ? p.reason : locale === 'zh-CN' ? '商家未说明' : 'none given';
  const values = { store: s.store.displayName, order: o?.number ?? String(p.orderNumber ?? ''), sku: String(p.skuCode ?? ''), reason: reasonText, url: String(p.url ?? '') };
  const text = kindText(s.kind, locale, s.overrides);
  const view: MessageView = {
    locale,
    store: storeLook(s.store),
    subject: fill(text.subject, values),
    intro: fill(text.intro, values),
    footer: fill(info.audience === 'shopper' ? L.why : L.whyMerchant, values),
  };
  const orderLink = o && { label: L.viewOrder, url: orderPageUrl(o.id, o.createdAt) };
  const consoleOrder = o && { label: L.openConsole, url: new URL(`/merchant/${s.store.slug}/orders/${o.number}`, publicBaseUrl()).href };

  switch (s.kind) {
    case 'order_confirmation': {
      if (!o) break;
      view.lines = o.lines.map((l) => ({ title: l.title, quantity: l.quantity, amount: money(l.subtotal) }));
      view.totals = [
        { label: L.subtotal, amount: money(o.subtotal) },
        ...(o.discountTotal ? [{ label: L.discount, amount: `−${money(o.discountTotal)}` }] : []),
        { label: L.shipping, amount: money(o.shippingTotal) },
        ...(o.taxTotal && !o.taxInclusive ? [{ label: L.tax, amount: money(o.taxTotal) }] : []),
        { label: L.total, amount: money(o.total), strong: true },
      ];
      if (o.address) view.address = { label: L.shipTo, lines: addressLines(o.address) };
      if ((p.state ?? o.state) === 'pending_payment') {
        const instructions = manualPaymentInstructions({ number: o.number, createdAt: o.createdAt.toISOString() });
        view.payment =
          instructions.kind === 'bank_transfer'
            ? {
                label: L.payBy,
                lines: [
                  `${L.payInto}: ${instructions.account.account}`,
                  ...(instructions.account.accountName ? [`${L.accountName}: ${instructions.account.accountName}`] : []),
                  ...(instructions.account.bank ? [`${L.bank}: ${instructions.account.bank}`] : []),
                  `${L.reference}: ${instructions.reference}`,
                  `${L.total}: ${money(o.total)}`,
                  `${L.dueBy}: ${formatDate(instructions.dueAt, locale)}`,
                ],
              }
            : { label: L.payBy, lines: [L.storeContacts, `${L.order}: ${o.number}`] };
      }
      view.button = orderLink!;
      view.note = L.linkNote;
      break;
    }
    case 'payment_received':
      view.facts = [{ label: L.amount, value: money(Number(p.amount ?? o?.total ?? 0)) }];
      if (orderLink) view.button = orderLink;
      break;
    case 'order_shipped': {
      const carrier = (p.carrier as string | null) ?? o?.carrier ?? null;
      const number = (p.trackingNumber as string | null) ?? o?.trackingNumber ?? null;
      view.facts = [...(carrier ? [{ label: L.carrier, value: carrierName(carrier) }] : []), ...(number ? [{ label: L.tracking, value: number }] : [])];
      const track = trackingUrl(carrier, number);
      if (track) view.button = { label: L.trackShipment, url: track };
      if (orderLink && view.button) view.secondaryLink = orderLink;
      else if (orderLink) view.button = orderLink;
      break;
    }
    case 'order_refunded':
    case 'after_sales_refunded': {
      const amount = Number(s.kind === 'order_refunded' ? p.amount : p.refundAmount);
      view.facts = [{ label: L.refunded, value: money(amount) }, ...(o ? [{ label: L.refundedTotal, value: money(o.refundedTotal) }] : [])];
      if (orderLink) view.button = orderLink;
      break;
    }
    case 'after_sales_rejected':
      view.facts = [{ label: locale === 'zh-CN' ? '原因' : 'Reason', value: reasonText }];
      if (orderLink) view.button = orderLink;
      break;
    case 'merchant_new_order':
      if (!o) break;
      view.facts = [
        { label: L.order, value: o.number },
        { label: L.total, value: money(o.total) },
        { label: L.qty, value: String(o.lines.reduce((n, l) => n + l.quantity, 0)) },
      ];
      view.button = consoleOrder!;
      break;
    case 'merchant_after_sales_request':
      view.facts = [{ label: L.order, value: values.order }, { label: L.refunded, value: money(Number(p.refundAmount ?? 0)) }];
      if (consoleOrder) view.button = consoleOrder;
      break;
    case 'merchant_low_stock':
      view.facts = [
        { label: 'SKU', value: values.sku },
        { label: L.available, value: String(p.available ?? '') },
        { label: L.threshold, value: String(p.lowStockThreshold ?? '') },
      ];
      view.button = { label: L.openConsole, url: new URL(`/merchant/${s.store.slug}`, publicBaseUrl()).href };
      break;
    case 'merchant_webhook_disabled':
      view.facts = [{ label: L.endpoint, value: values.url }];
      view.button = { label: L.openConsole, url: new URL(`/merchant/${s.store.slug}/developers/webhooks/${String(p.endpointId ?? '')}`, publicBaseUrl()).href };
      break;
    default:
      if (orderLink) view.button = orderLink;
  }

  const unsubscribe = info.transactional ? null : unsubscribeUrl({ merchantId: s.store.id, address: to, kind: s.kind }, locale);
  if (unsubscribe) view.unsubscribe = { label: L.unsubscribe, url: unsubscribe };
  return { to, locale, view, unsubscribeUrl: unsubscribe };
}

/** The address as the receipt shows it: the recipient's name and the street, not the phone number. */
function addressLines(a: NonNullable<OrderRecord['address']>): string[] {
  if (a.country === 'CN') return [a.recipient, `${a.province}${a.city}${a.district}`, a.detail, ...(a.postalCode ? [a.postalCode] : [])];
  return [a.recipient, a.line1, ...(a.line2 ? [a.line2] : []), `${a.city}, ${a.state} ${a.postalCode}`];
}
