import type { Locale } from '@/lib/schemas/common';
import { formatDateTimeIn } from '@/lib/storefront/format';

/**
 * A moment as the console shows it, everywhere (orders, after-sales, activity, developers,
 * decoration): in the console's language, in the store's zone (`ConsoleStore.timeZone`), the
 * zone named, as the shopper's pages of the store's market show it.
 */
export function consoleTime(when: string | Date, locale: Locale, timeZone: string): string {
  return formatDateTimeIn(when, locale, timeZone);
}
