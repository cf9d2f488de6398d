import 'server-only';
import { createHash, createHmac } from 'node:crypto';
import { Auth, type AuthConfig } from '@auth/core';
import { CredentialsSignin, MissingCSRF } from '@auth/core/errors';
import Credentials from '@auth/core/providers/credentials';
import { headers } from 'next/headers';
import { createServiceContext } from '../core/context';
import { config } from '../platform/config';
import { logger } from '../platform/logger';
import { publicBaseUrl } from '../core/media-urls';
import { getServerSecret } from '../platform/server-secret';
import { getDb } from '../db/client';
import { verifyMerchantCredentials } from '../merchant-users/merchant-users';
import { UNPROXIED_ADDRESS, clientAddress } from './client-address';
import { getRateLimiter, policyFor, rateLimitKey } from './rate-limit';

/** Where Auth.js answers (sign-in callback, sign-out, session, csrf): `app/merchant/auth/[...auth]`. */
export const MERCHANT_AUTH_BASE = '/merchant/auth';
export const MERCHANT_SIGN_IN_PATH = '/merchant/sign-in';
const SESSION_HOURS = 8;

/** The sign-in refusals the page tells apart (Auth.js passes `code` to the sign-in page). */
class ThrottledSignIn extends CredentialsSignin {
  code = 'throttled';
}

/**
 * Whose sign-in budget an attempt spends. Behind a declared proxy: the client address's, whatever
 * account is tried. With no proxy declared every client shares UNPROXIED_ADDRESS, so a budget per
 * address would be one budget for everybody, which one person could spend for all merchants: it is
 * then kept per address and account tried (a digest of the email, known or not), and guessing at
 * one account stays bounded by that account's own lock.
 */
export function signInBudgetAddress(address: string, email: string): string {
  if (address !== UNPROXIED_ADDRESS) return address;
  return `${address}|account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

/** AUTH_SECRET when set, else a key derived from the server secret (instances sharing it agree). */
function authSecret(): string {
  return config().AUTH_SECRET ?? createHmac('sha256', getServerSecret()).update('authjs-merchant-session').digest('base64url');
}

/**
 * Merchant sign-in through @auth/core: the Credentials provider checks the argon2 merchant users
 * (with their per-account lock, never revealed), after a per-address throttle on the shared rate limiter (per address and account with no proxy declared, see signInBudgetAddress); sessions
 * are encrypted JWT cookies (`__Secure-`/`__Host-` prefixed and Secure over https), and every POST
 * carries Auth.js's double-submit CSRF token. Only same-origin callback URLs are followed.
 */
export function merchantAuthConfig(): AuthConfig {
  return {
    basePath: MERCHANT_AUTH_BASE,
    secret: authSecret(),
    trustHost: true,
    session: { strategy: 'jwt', maxAge: SESSION_HOURS * 3600 },
    // A refused sign-in or a missing CSRF token is an ordinary event (one line, no stack); anything else is an error.
    logger: {
      error(error) {
        if (error instanceof CredentialsSignin) logger.info({ code: error.code }, 'merchant sign-in refused');
        else if (error instanceof MissingCSRF) logger.info('merchant sign-in or sign-out without its CSRF token refused');
        else logger.error({ err: error }, 'merchant sign-in (Auth.js) failed');
      },
      warn(code) {
        logger.warn({ code }, 'Auth.js warning');
      },
    },
    pages: { signIn: MERCHANT_SIGN_IN_PATH, error: MERCHANT_SIGN_IN_PATH, signOut: '/merchant' },
    providers: [
      Credentials({
        credentials: { email: { type: 'email' }, password: { type: 'password' } },
        async authorize(credentials, request) {
          const email = typeof credentials.email === 'string' ? credentials.email : '';
          const password = typeof credentials.password === 'string' ? credentials.password : '';
          if (!email || !password || email.length > 254 || password.length > 1024) return null;
          const address = clientAddress(request.headers);
          const policy = policyFor('signIn');
          const { allowed } = await getRateLimiter().limit(policy, rateLimitKey('signIn', { address: signInBudgetAddress(address, email) }));
          if (!allowed) throw new ThrottledSignIn();
          const ctx = createServiceContext({ db: await getDb(), requestId: `signin_${crypto.randomUUID()}`, clientAddress: address });
          const result = await verifyMerchantCredentials(ctx, { email, password });
          if (!result.ok) return null;
          return { id: result.user.id, email: result.user.email, name: result.user.displayName };
        },
      }),
    ],
    callbacks: {
      redirect({ url, baseUrl }) {
        if (url.startsWith('/') && !url.startsWith('//')) return `${baseUrl}${url}`;
        return new URL(url).origin === baseUrl ? url : `${baseUrl}/merchant`;
      },
      session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub ?? '' } };
      },
    },
  };
}

/**
 * The Auth.js handler, for the route. Auth.js builds its redirects and picks its cookie names
 * (`__Secure-` over https) from the request URL: it is given this deployment's public origin
 * (PUBLIC_BASE_URL, the OAuth issuer too), never whatever Host the request claimed.
 */
export async function handleMerchantAuth(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const publicUrl = new URL(url.pathname + url.search, publicBaseUrl());
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const res = await Auth(new Request(publicUrl, { method: request.method, headers: request.headers, body }), merchantAuthConfig());
  return body ? keepCallbackOnRefusal(res, body) : res;
}

/**
 * Auth.js sends a refused sign-in back to the sign-in page without the callback URL; it is put
 * back (same-origin paths only), so a merchant on their way to a consent screen still gets there.
 */
function keepCallbackOnRefusal(res: Response, body: ArrayBuffer): Response {
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) return res;
  const to = new URL(location);
  const callbackUrl = new URLSearchParams(new TextDecoder().decode(body)).get('callbackUrl') ?? '';
  if (to.pathname !== MERCHANT_SIGN_IN_PATH || !to.searchParams.has('error') || !isSitePath(callbackUrl)) return res;
  to.searchParams.set('callbackUrl', callbackUrl);
  const headers = new Headers(res.headers);
  headers.set('location', to.toString());
  return new Response(null, { status: 302, headers });
}

async function requestBase(): Promise<{ origin: string; cookie: string }> {
  return { origin: publicBaseUrl().origin, cookie: (await headers()).get('cookie') ?? '' };
}

/** Asks Auth.js, in-process, what it would answer at `path` for this page request's cookies. */
async function askAuth(path: string): Promise<Response> {
  const { origin, cookie } = await requestBase();
  return Auth(new Request(`${origin}${MERCHANT_AUTH_BASE}${path}`, { headers: { cookie } }), merchantAuthConfig());
}

/** The signed-in merchant user id of this page request, or null. */
export async function merchantSessionUserId(): Promise<string | null> {
  const res = await askAuth('/session');
  if (!res.ok) return null;
  const body = (await res.json()) as { user?: { id?: string } } | null;
  return body?.user?.id || null;
}

/**
 * The CSRF token the page's forms to Auth.js carry, or null when this browser has no valid CSRF
 * cookie yet (the page then sends it through `/merchant/csrf`, which sets one and comes back).
 */
export async function merchantCsrfToken(): Promise<string | null> {
  const res = await askAuth('/csrf');
  if (res.headers.getSetCookie().some((c) => c.includes('authjs.csrf-token'))) return null;
  const body = (await res.json()) as { csrfToken?: string };
  return body.csrfToken ?? null;
}

/**
 * A path on this site: one slash first, not two, nor a slash and a backslash (which browsers read
 * as two: another host).
 */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** A same-origin path to come back to, never another origin. */
export function safeReturnPath(value: string | undefined, fallback = '/merchant'): string {
  return value && isSitePath(value) ? value : fallback;
}

/** Query parameter on a page the CSRF round trip sends back to (see `issueMerchantCsrfCookie`). */
export const CSRF_ROUND_TRIP_PARAM = 'cookies';

const RELATIVE_BASE = 'http://relative.invalid';

/** Sets the CSRF cookie (Auth.js's own /csrf answer) and sends the browser back to a same-origin page. */
export async function issueMerchantCsrfCookie(request: Request): Promise<Response> {
  const next = new URL(request.url).searchParams.get('next') ?? undefined;
  // Checked again as the browser will resolve it: dot segments and backslashes can turn a path
  // that passed (`/a/..//evil.example`) into one naming another host.
  let target = new URL(safeReturnPath(next), RELATIVE_BASE);
  if (target.origin !== RELATIVE_BASE || !isSitePath(target.pathname) || target.pathname.startsWith('/merchant/csrf')) {
    target = new URL('/merchant', RELATIVE_BASE);
  }
  // The page comes back marked: if the cookie is still missing then, the browser refuses cookies, and
  // the page says so instead of sending it round again (a loop the browser would end with an error).
  target.searchParams.set(CSRF_ROUND_TRIP_PARAM, '1');
  const res = await Auth(new Request(new URL(`${MERCHANT_AUTH_BASE}/csrf`, publicBaseUrl()), { headers: request.headers }), merchantAuthConfig());
  const out = new Response(null, { status: 303, headers: { location: `${target.pathname}${target.search}`, 'cache-control': 'no-store' } });
  for (const c of res.headers.getSetCookie()) out.headers.append('set-cookie', c);
  return out;
}
