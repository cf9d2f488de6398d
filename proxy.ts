// Runs before Next routes a request (Next 16 "proxy", formerly middleware). Four jobs:
// 1. URLs and methods the router would answer outside the API envelope (bad escapes, NUL, dot or
//    empty segments, overlong URLs, unknown methods) are answered here: in the PublicErrorResponse
//    envelope under /api, as a plain 400/404 (or the usual trailing-slash redirect) on pages.
//    Two things never reach any application code: TRACE/TRACK/CONNECT (the fetch Request that
//    Next builds refuses them: 500) and `//` or `\` in a path (Next's router redirects, 308).
// 2. A public read the public-read cache holds is answered here, by the pipeline's cached-read
//    stage (lib/http/cached-read.ts): Next's routing would cost more than the read itself.
// 3. Pages get a Content-Security-Policy with a fresh nonce that Next puts on its own scripts.
// 4. A Server Action posted from another origin gets a designed 403 page (Next's own refusal is a bare 500).
// What the proxy answers itself gets its access log line here (lib/http/access-log.ts); what it
// hands on gets one from the route that answers it (API requests), or none (pages).
import { NextResponse, type NextRequest } from 'next/server';
import { UNMATCHED_ROUTE, logAccess } from '@/lib/http/access-log';
import { answerFromPublicReadCache } from '@/lib/http/cached-read';
import { screenRequest, screeningResponse } from '@/lib/http/screen-request';
import { authorizeFormActionOrigins, contentSecurityPolicy, frameAncestors, newNonce, thirdPartySources } from '@/lib/http/security-headers';
import { config as configuration } from '@/lib/platform/config';
import { isCrossSiteServerAction, refusedSubmissionLocale, refusedSubmissionPage } from '@/lib/storefront/refused-submission';

export async function proxy(req: NextRequest) {
  const startedAt = performance.now();
  const screening = screenRequest(req.method, req.url);
  const pathname = screening.ok ? screening.pathname : req.nextUrl.pathname;
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    if (!screening.ok) return screeningResponse(screening, req.method, startedAt, req.headers);
    return (await answerFromPublicReadCache(req, startedAt)) ?? NextResponse.next();
  }
  if (!screening.ok) return refusePage(req, screening.error.code, screening.error.status, startedAt);
  if (pathname.startsWith('/_next/')) return NextResponse.next();
  if (isCrossSiteServerAction(req.method, req.headers)) return refuseCrossSiteAction(req, startedAt);

  const nonce = newNonce();
  const search = req.nextUrl.searchParams;
  const csp = contentSecurityPolicy(nonce, configuration().isDevelopment, authorizeFormActionOrigins(pathname, search), frameAncestors(pathname, search), thirdPartySources(pathname));
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set('x-nonce', nonce);
  // The root layout's <html lang> depends on the page's path and query (lib/storefront/document-locale.ts).
  requestHeaders.set('x-page-url', pathname + req.nextUrl.search);
  requestHeaders.set('content-security-policy', csp);
  const res = NextResponse.next({ request: { headers: requestHeaders } });
  res.headers.set('content-security-policy', csp);
  return res;
}

/**
 * A Server Action posted from another origin (a forged form): Next would refuse it with a bare 500;
 * this is the designed 403 page instead, and nothing runs.
 */
function refuseCrossSiteAction(req: NextRequest, startedAt: number): NextResponse {
  const locale = refusedSubmissionLocale(req.nextUrl, req.headers.get('accept-language'));
  const res = new NextResponse(refusedSubmissionPage(req.nextUrl, locale), {
    status: 403,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': contentSecurityPolicy(newNonce(), false),
    },
  });
  logAccess({ method: req.method, route: UNMATCHED_ROUTE, status: res.status, principal: 'none' }, startedAt);
  return res;
}

/** A page URL the screening refused: the usual redirect for empty segments and trailing slashes, else a plain 400 or 404. */
function refusePage(req: NextRequest, code: string, errorStatus: number, startedAt: number): NextResponse {
  let res: NextResponse | undefined;
  if (code === 'route_not_found' && !req.nextUrl.pathname.startsWith('/api/')) {
    // Pages keep the redirect Next would give (skipTrailingSlashRedirect hands it to us).
    const url = new URL(req.url);
    const clean = url.pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
    if (clean !== url.pathname) res = NextResponse.redirect(new URL(clean + url.search, url), 308);
  }
  if (!res) {
    const status = errorStatus === 400 ? 400 : 404;
    res = new NextResponse(status === 400 ? 'Bad request\n' : 'Not found\n', {
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  logAccess({ method: req.method, route: UNMATCHED_ROUTE, status: res.status, principal: 'none' }, startedAt);
  return res;
}

export const config = {
  // Static assets never run it; everything else does, prefetches included (they render pages).
  // Image uploads do not either: Next would buffer their body for the proxy and hand the route a
  // body cut at proxyClientMaxBodySize (64 KiB, next.config.ts). Their route reads it within the
  // upload limit itself (lib/http/parse.ts) and answers everything the proxy would. The console's
  // product image upload is such a route too (app/merchant/[store]/products/[productId]/media).
  // Product CSV uploads likewise: the import operations' bodies (up to 16 MiB), and the console's
  // import page's Server Action post, which Next itself checks for a foreign Origin (the page itself
  // still gets its nonce and CSP here: only a post carrying `next-action` skips the proxy).
  matcher: [
    '/((?!_next/static|_next/image|vendor/|media/|favicon.ico|api/v1/open/merchant/products/[^/]+/media$|api/v1/open/merchant/product-imports$|api/v1/open/merchant/product-import-dry-runs$|merchant/[^/]+/products/[^/]+/media$|merchant/[^/]+/products/import$).*)',
    { source: '/merchant/:store/products/import', missing: [{ type: 'header', key: 'next-action' }] },
  ],
};
