import type { Locale } from '../schemas/common';

/** The cookie the console's language switch sets (app/merchant/language), for the /merchant pages. */
export const CONSOLE_LOCALE_COOKIE = 'mc_lang';

export function isLocale(value: string | undefined): value is Locale {
  return value === 'zh-CN' || value === 'en-US';
}

/** The browser's first preference between the two languages (Accept-Language), English otherwise. */
export function preferredLocale(acceptLanguage: string | null): Locale {
  return /^\s*zh/i.test(acceptLanguage ?? '') ? 'zh-CN' : 'en-US';
}

/** A store's console pages: what the merchant chose with the switch, else the browser's preference. */
export function consoleLocaleOf(chosen: string | undefined, acceptLanguage: string | null): Locale {
  return isLocale(chosen) ? chosen : preferredLocale(acceptLanguage);
}
