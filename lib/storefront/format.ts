import type { Locale, Market, Money } from '../schemas/common';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: Locale, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, f);
  }
  return f;
}

/** An amount in minor units, formatted for the shopper's locale in the price's own currency. */
export function formatMoney(money: Money, locale: Locale): string {
  const f = formatter(locale, money.currency);
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(money.amount / 10 ** digits);
}

/** A round amount without its zero decimals ("¥300", "$25"), for price ranges a shopper picks from. */
export function formatRoundMoney(money: Money, locale: Locale): string {
  const digits = formatter(locale, money.currency).resolvedOptions().maximumFractionDigits ?? 2;
  const whole = money.amount % 10 ** digits === 0;
  return whole
    ? new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency, maximumFractionDigits: 0 }).format(money.amount / 10 ** digits)
    : formatMoney(money, locale);
}

/**
 * The zone a store's pages show times in: its market's (CN: Asia/Shanghai; US: America/Los_Angeles,
 * Pacific time, where the demo US store ships from). Every shopper page (cart, checkout hold, order
 * page) uses it and names it, so a time reads the same wherever the link is opened.
 */
export const marketTimeZone: Record<Market, string> = { CN: 'Asia/Shanghai', US: 'America/Los_Angeles' };

/** The zone's name in the locale: 中国标准时间, Pacific Standard Time. */
export function timeZoneName(at: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * A moment in the shopper's locale, in the store's zone, with the zone named:
 * "2026年11月26日 00:30（中国标准时间）", "Nov 25, 2026, 08:30 AM (Pacific Standard Time)".
 */
export function formatDateTime(iso: string, locale: Locale, market: Market, options: { date?: boolean } = {}): string {
  const at = new Date(iso);
  const timeZone = marketTimeZone[market];
  const shown = new Intl.DateTimeFormat(locale, {
    ...(options.date === false ? {} : { year: 'numeric', month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(at);
  const zone = timeZoneName(at, locale, timeZone);
  return locale === 'zh-CN' ? `${shown}（${zone}）` : `${shown} (${zone})`;
}

const cardBrands: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  discover: 'Discover',
  jcb: 'JCB',
};

/** A card brand as the card itself writes it ("visa" -> "Visa"); an unknown brand is "Card". */
export function cardBrandName(brand: string): string {
  return cardBrands[brand.toLowerCase()] ?? (brand && brand !== 'unknown' ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');
}
