import { CONSOLE_LOCALE_COOKIE, isLocale } from '@/components/merchant/locale';
import { safeReturnPath } from '@/lib/http/merchant-auth';

export const dynamic = 'force-dynamic';

/**
 * The console's language switch: remembers the choice (a year, this site's /merchant pages only)
 * and goes back to the page it was made on, a path of this site and nothing else.
 */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  const lang = url.searchParams.get('lang') ?? '';
  const next = new URL(safeReturnPath(url.searchParams.get('next') ?? undefined), 'http://relative.invalid');
  const target = next.origin === 'http://relative.invalid' && next.pathname.startsWith('/merchant') ? `${next.pathname}${next.search}` : '/merchant';
  const headers = new Headers({ location: target, 'cache-control': 'no-store' });
  if (isLocale(lang)) {
    const secure = url.protocol === 'https:' ? '; Secure' : '';
    headers.append('set-cookie', `${CONSOLE_LOCALE_COOKIE}=${lang}; Path=/merchant; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}`);
  }
  return new Response(null, { status: 303, headers });
}
