import 'server-only';
import { cookies, headers } from 'next/headers';
import type { Locale } from '@/lib/schemas/common';

/** The cookie the console's language switch sets (app/merchant/language). */
export const CONSOLE_LOCALE_COOKIE = 'mc_lang';

export function isLocale(value: string | undefined): value is Locale {
  return value === 'zh-CN' || value === 'en-US';
}

/**
 * The console's language: what the merchant chose with the switch, else the browser's first
 * preference between the two. A cookie rather than a query parameter, so every page and the
 * layout around it agree without threading `?lang=` through each link.
 */
export async function consoleLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(CONSOLE_LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return /^\s*zh/i.test((await headers()).get('accept-language') ?? '') ? 'zh-CN' : 'en-US';
}
