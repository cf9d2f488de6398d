import type { MailLocale } from './texts';

/**
 * What one message shows, decided before any markup: the template (templates/message.tsx) lays
 * it out as HTML and the plain-text part is rendered from the same view, so the two parts always
 * say the same thing.
 */
export type MessageView = {
  locale: MailLocale;
  store: { name: string; accentColor: string; logoUrl: string | null };
  subject: string;
  intro: string;
  /** The order's lines: title, quantity, amount (formatted). */
  lines?: { title: string; quantity: number; amount: string }[];
  totals?: { label: string; amount: string; strong?: boolean }[];
  /** Label/value pairs: carrier and tracking number, a reason, stock counts. */
  facts?: { label: string; value: string }[];
  address?: { label: string; lines: string[] };
  payment?: { label: string; lines: string[] };
  /** The one call to action: the order page, the console, the tracking page. */
  button?: { label: string; url: string };
  secondaryLink?: { label: string; url: string };
  note?: string;
  footer: string;
  unsubscribe?: { label: string; url: string };
};

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in minor units in its currency, for the reader's language. */
export function formatAmount(amount: number, currency: string, locale: MailLocale): string {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return f.format(amount / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
}

export function formatDate(iso: string | Date, locale: MailLocale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: locale === 'zh-CN' ? 'Asia/Shanghai' : 'America/New_York' }).format(new Date(iso));
}
