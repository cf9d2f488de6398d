import 'server-only';
import { cookies, headers } from 'next/headers';
import { CONSOLE_LOCALE_COOKIE, consoleLocaleOf } from '@/lib/merchant-users/console-locale';
import type { Locale } from '@/lib/schemas/common';

export { CONSOLE_LOCALE_COOKIE, isLocale } from '@/lib/merchant-users/console-locale';

/**
 * The console's language: what the merchant chose with the switch, else the browser's first
 * preference between the two. A cookie rather than a query parameter, so every page and the
 * layout around it agree without threading `?lang=` through each link.
 */
export async function consoleLocale(): Promise<Locale> {
  return consoleLocaleOf((await cookies()).get(CONSOLE_LOCALE_COOKIE)?.value, (await headers()).get('accept-language'));
}
