/**
 * Security headers, one home. Every response (pages, API, assets) gets the static ones through
 * next.config.ts; pages also get a Content-Security-Policy with a fresh script nonce per request
 * from proxy.ts, which Next reads back from the request to mark its own inline scripts.
 */
export const staticSecurityHeaders: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // For browsers without CSP frame-ancestors; the CSP below says the same.
  { key: 'X-Frame-Options', value: 'DENY' },
];

/**
 * The page policy: scripts only with this response's nonce (and what they load: 'strict-dynamic'),
 * everything else from this origin, never framed. React needs eval in development only.
 * Inline style attributes are allowed (Next and Scalar set them); inline script never is.
 */
export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  formActionOrigins: readonly string[] = [],
  frameAncestors: "'none'" | "'self'" = "'none'",
  thirdParty: ThirdPartySources = noThirdParty,
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}${thirdParty.script.map((h) => ` ${h}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...thirdParty.connect].join(' '),
    ...(thirdParty.frame.length ? [['frame-src', ...thirdParty.frame].join(' ')] : []),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formActionOrigins].join(' '),
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

export type ThirdPartySources = { script: readonly string[]; connect: readonly string[]; frame: readonly string[] };
const noThirdParty: ThirdPartySources = { script: [], connect: [], frame: [] };

/**
 * The one page that may talk to another host: a checkout's Stripe payment page
 * (/checkout/<session>/stripe), which exists only while the session pays with Stripe, the store
 * having configured it. Stripe.js (js.stripe.com), its API (api.stripe.com) and its frames
 * (js.stripe.com, hooks.stripe.com for 3-D Secure) are allowed there, as Stripe's CSP guide lists;
 * every other page keeps the policy above with no other host.
 */
export function thirdPartySources(pathname: string): ThirdPartySources {
  if (!/^\/checkout\/cs_[A-Za-z0-9_-]{32}\/stripe$/.test(pathname)) return noThirdParty;
  return {
    script: ['https://js.stripe.com'],
    connect: ['https://api.stripe.com', 'https://m.stripe.network', 'https://q.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  };
}

/**
 * The consent page's forms answer with a redirect to the app's redirect URI, and browsers apply
 * form-action to where a submission is redirected: that one origin (of a well-formed http(s)
 * redirect_uri, which the page then checks against the client's exact list before any form is
 * shown) is added for /oauth/authorize only.
 */
export function authorizeFormActionOrigins(pathname: string, search: URLSearchParams): string[] {
  if (pathname !== '/oauth/authorize') return [];
  const all = search.getAll('redirect_uri');
  if (all.length !== 1) return [];
  try {
    const url = new URL(all[0]!);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

/**
 * A store's home page with a decoration preview link (`/stores/<slug>?preview=...`) may be framed
 * by this origin only: the console's decoration studio shows the draft in an iframe of it. Every
 * other page, and any other origin, is never framed (next.config.ts sends X-Frame-Options to
 * match: SAMEORIGIN for this page, DENY for the rest).
 */
export const PREVIEW_FRAME_SOURCE = '/stores/:slug';

export function frameAncestors(pathname: string, search: URLSearchParams): "'none'" | "'self'" {
  return /^\/stores\/[^/]+$/.test(pathname) && search.has('preview') ? "'self'" : "'none'";
}

export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
