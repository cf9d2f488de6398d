import type { Locale, Money } from '../schemas/common';

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

/** A moment in the shopper's locale, with its time zone (the link may be opened anywhere). */
export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
