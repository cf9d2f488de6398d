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
 * The zone a store's times are shown in, on its pages and in its console: its own setting when it
 * has one, else its default market's zone (`marketTimeZone`).
 */
export function storeTimeZone(store: { defaultMarket: Market; timeZone?: string | null }): string {
  return store.timeZone || marketTimeZone[store.defaultMarket];
}

/**
 * A moment in `locale`, in `timeZone`, with the zone named: THE formatter of times on every page
 * (the shopper's pages through `formatDateTime`, the console with the store's zone).
 * "2026年11月26日 00:30（中国标准时间）", "Nov 25, 2026, 08:30 AM (Pacific Standard Time)".
 */
export function formatDateTimeIn(when: string | Date, locale: Locale, timeZone: string, options: { date?: boolean } = {}): string {
  const at = new Date(when);
  const shown = new Intl.DateTimeFormat(locale, {
    ...(options.date === false ? {} : { year: 'numeric', month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(at);
  const zone = timeZoneName(at, locale, timeZone);
  return locale === 'zh-CN' ? `${shown}（${zone}）` : `${shown} (${zone})`;
}

/** A moment on a shopper's page: in the store's market's zone, named. */
export function formatDateTime(iso: string, locale: Locale, market: Market, options: { date?: boolean } = {}): string {
  return formatDateTimeIn(iso, locale, marketTimeZone[market], options);
}

/** The zone's offset from UTC at `at`, in minutes (Asia/Shanghai: 480). */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The moment a wall-clock time in `timeZone` names ("2026-11-25" is its midnight, "2026-11-25T14:30"
 * as a datetime-local field sends it, seconds optional): what a merchant types reads in the zone the console shows.
 * Null for anything else. In a skipped hour (spring forward) it is the moment an hour on.
 */
export function instantOfWallTime(wall: string, timeZone: string): Date | null {
  const m = WALL_TIME.exec(wall);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', sec = '00'] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec));
  const check = new Date(asUtc);
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1 || Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return null;
  // The offset at the guess, then at the corrected moment (they differ only across a change of offset).
  const first = asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000;
  return new Date(asUtc - offsetMinutes(new Date(first), timeZone) * 60_000);
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
