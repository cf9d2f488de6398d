import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as authRoute from '../app/merchant/auth/[...auth]/route';
import * as csrfRoute from '../app/merchant/csrf/route';
import { createServiceContext } from '../lib/core/context';
import { getDb } from '../lib/db/client';
import { seedDemoMerchantUsers } from '../lib/demo/merchant-users';
import { readMerchantConsole, revokeAppAccessAsMember } from '../lib/merchant-users/merchant-console';
import { runMerchantUsersCommand } from '../lib/merchant-users/merchant-users-command';
import { storeDirectory } from '../lib/catalog/store-directory';
import { approveAuthorization } from '../lib/oauth/approve-authorization';
import { MemoryRateLimiter, setRateLimiter } from '../lib/http/rate-limit';
import { authorizeFormActionOrigins, contentSecurityPolicy } from '../lib/http/security-headers';
import { pkcePair, REDIRECT, testClient } from './helpers/oauth';
import { setEnv } from './helpers/env';

const ORIGIN = 'http://localhost:3000';
const ctx = async () => createServiceContext({ db: await getDb(), requestId: 'test', clientAddress: 'test' });

/** A browser's cookie jar, enough for Auth.js's cookies. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const value = pair!.slice(i + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(pair!.slice(0, i));
      else this.cookies.set(pair!.slice(0, i), value);
    }
    return res;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  has(fragment: string) {
    return [...this.cookies.keys()].some((k) => k.includes(fragment));
  }
}

async function get(path: string, jar: Jar) {
  return jar.take(await authRoute.GET(new Request(`${ORIGIN}${path}`, { headers: { cookie: jar.header() } })));
}

async function post(path: string, jar: Jar, fields: Record<string, string>) {
  return jar.take(
    await authRoute.POST(
      new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        body: new URLSearchParams(fields).toString(),
      }),
    ),
  );
}

async function csrf(jar: Jar): Promise<string> {
  const res = await get('/merchant/auth/csrf', jar);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

async function demoUser() {
  const users = await seedDemoMerchantUsers(await getDb());
  return users.find((u) => u.store === 'lumen-audio')!;
}

async function signIn(jar: Jar, email: string, password: string, callbackUrl = '/merchant') {
  return post('/merchant/auth/callback/credentials', jar, { csrfToken: await csrf(jar), email, password, callbackUrl });
}

async function signInFrom(jar: Jar, email: string, password: string, headers: Record<string, string>) {
  const token = await csrf(jar);
  return jar.take(
    await authRoute.POST(
      new Request(`${ORIGIN}/merchant/auth/callback/credentials`, {
        method: 'POST',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
        body: new URLSearchParams({ csrfToken: token, email, password, callbackUrl: '/merchant' }).toString(),
      }),
    ),
  );
}

async function sessionUser(jar: Jar): Promise<{ id?: string; email?: string } | undefined> {
  const body = (await (await get('/merchant/auth/session', jar)).json()) as { user?: { id?: string; email?: string } } | null;
  return body?.user;
}

beforeEach(() => {
  setRateLimiter(new MemoryRateLimiter());
});

afterEach(() => {
  setEnv({ RATE_LIMIT_SIGN_IN: undefined, TRUSTED_PROXY_HOPS: undefined });
});

describe('merchant sign-in (Auth.js Credentials)', () => {
  it('signs a demo merchant in: redirect to the callback, an HttpOnly session cookie, the session names the user', async () => {
    const user = await demoUser();
    const jar = new Jar();
    const res = await signIn(jar, user.email, user.password, '/oauth/authorize?client_id=x');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${ORIGIN}/oauth/authorize?client_id=x`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('authjs.session-token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await sessionUser(jar))?.email).toBe(user.email);
  });

  it('a wrong password and an unknown email both come back to the sign-in page with code=credentials and no session', async () => {
    const user = await demoUser();
    for (const [email, password] of [
      [user.email, 'not the password at all'],
      ['ghost@nowhere.example', 'whatever password'],
    ] as const) {
      const jar = new Jar();
      const res = await signIn(jar, email, password, '/oauth/authorize?client_id=x');
      expect(res.status).toBe(302);
      const to = new URL(res.headers.get('location')!);
      expect(to.pathname).toBe('/merchant/sign-in');
      expect(to.searchParams.get('code')).toBe('credentials');
      expect(to.searchParams.get('callbackUrl')).toBe('/oauth/authorize?client_id=x');
      expect(jar.has('session-token')).toBe(false);
    }
  });

  it('refuses a sign-in without the CSRF token (cross-site form post) and creates no session', async () => {
    const user = await demoUser();
    const jar = new Jar();
    const res = await post('/merchant/auth/callback/credentials', jar, { email: user.email, password: user.password, callbackUrl: '/merchant' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('MissingCSRF');
    expect(jar.has('session-token')).toBe(false);
    expect(await sessionUser(jar)).toBeUndefined();
  });

  it('never follows a callback URL to another origin', async () => {
    const user = await demoUser();
    const res = await signIn(new Jar(), user.email, user.password, 'https://evil.example/steal');
    expect(res.headers.get('location')).toBe(`${ORIGIN}/merchant`);
  });

  it('never tells whether an account exists: every failure of a real account, the 5th that locks it and the right password while locked answer as an unknown email does', async () => {
    await runMerchantUsersCommand(['create', '--email', 'locked@signin.example', '--password', 'the right password', '--merchant', 'lumen-audio'], await ctx(), storeDirectory);
    const answer = async (email: string, password: string) => {
      const jar = new Jar();
      const res = await signIn(jar, email, password);
      return { status: res.status, location: res.headers.get('location'), session: jar.has('session-token') };
    };
    const real = [];
    const unknown = [];
    for (let i = 0; i < 5; i++) {
      real.push(await answer('locked@signin.example', 'a wrong password'));
      unknown.push(await answer('nobody@signin.example', 'a wrong password'));
    }
    expect(real).toEqual(unknown);
    expect(new URL(real[4]!.location!).searchParams.get('code')).toBe('credentials');
    // Locked now: the right password is refused, in the same words.
    expect(await answer('locked@signin.example', 'the right password')).toEqual(await answer('nobody@signin.example', 'the right password'));
  });

  it('throttles sign-in attempts per client address on the shared rate limiter, before any password is checked', async () => {
    setEnv({ RATE_LIMIT_SIGN_IN: '2/300', TRUSTED_PROXY_HOPS: '1' });
    const user = await demoUser();
    const from = { 'x-forwarded-for': '203.0.113.9' };
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push(new URL((await signInFrom(new Jar(), 'throttle@nowhere.example', 'wrong password', from)).headers.get('location')!).searchParams.get('code'));
    expect(codes.at(-1)).toBe('throttled');
    const res = await signInFrom(new Jar(), user.email, user.password, from);
    expect(new URL(res.headers.get('location')!).searchParams.get('code')).toBe('throttled');
    // Another address still has its budget.
    const other = await signInFrom(new Jar(), user.email, user.password, { 'x-forwarded-for': '203.0.113.10' });
    expect(new URL(other.headers.get('location')!).searchParams.get('code')).toBeNull();
  });

  it('with no proxy declared (every client shares one address), one person spending the budget does not stop other merchants signing in', async () => {
    setEnv({ RATE_LIMIT_SIGN_IN: '2/300', TRUSTED_PROXY_HOPS: undefined });
    const user = await demoUser();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(new URL((await signIn(new Jar(), 'attacker-target@nowhere.example', 'wrong password')).headers.get('location')!).searchParams.get('code'));
    expect(codes.at(-1)).toBe('throttled');
    const jar = new Jar();
    const res = await signIn(jar, user.email, user.password);
    expect(new URL(res.headers.get('location')!).searchParams.get('code')).toBeNull();
    expect((await sessionUser(jar))?.email).toBe(user.email);
    // The spent budget still holds for the account that was tried.
    expect(new URL((await signIn(new Jar(), 'attacker-target@nowhere.example', 'wrong password')).headers.get('location')!).searchParams.get('code')).toBe('throttled');
  });

  it('signing out clears the session', async () => {
    const user = await demoUser();
    const jar = new Jar();
    await signIn(jar, user.email, user.password);
    expect((await sessionUser(jar))?.email).toBe(user.email);
    const res = await post('/merchant/auth/signout', jar, { csrfToken: await csrf(jar), callbackUrl: '/merchant/sign-in' });
    expect(res.status).toBe(302);
    expect(await sessionUser(jar)).toBeUndefined();
  });
});

describe('the CSRF round trip (/merchant/csrf)', () => {
  const roundTrip = (next: string) => csrfRoute.GET(new Request(`${ORIGIN}/merchant/csrf?${new URLSearchParams({ next })}`));

  it('sets the CSRF cookie and sends the page back marked, so a browser that refuses cookies is told instead of looped', async () => {
    const res = await roundTrip('/merchant/sign-in?callbackUrl=%2Fmerchant&lang=zh-CN');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/merchant/sign-in?callbackUrl=%2Fmerchant&lang=zh-CN&cookies=1');
    expect(res.headers.getSetCookie().some((c) => c.includes('csrf-token'))).toBe(true);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('only ever sends back to a path of this site', async () => {
    for (const next of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '/a/..//evil.example/x',
      '/./\\evil.example/x',
      '/merchant/%2e%2e//evil.example/x',
      '/merchant/csrf?next=/x',
      '/merchant/./csrf?next=/x',
      '',
    ]) {
      const location = (await roundTrip(next)).headers.get('location')!;
      expect(location, next).toMatch(/^\/(?![/\\])/);
      expect(location, next).not.toContain('evil.example');
      expect(location, next).not.toMatch(/^\/merchant\/csrf/);
    }
  });
});

describe('merchant area services', () => {
  it('lists the store’s apps with their scopes; a member revokes an app’s OAuth access, a non-member changes nothing', async () => {
    const db = await getDb();
    const user = await demoUser();
    const member = await db.merchantUser.findUniqueOrThrow({ where: { email: user.email }, include: { memberships: true } });
    const merchantId = member.memberships[0]!.merchantId;
    const client = await testClient();
    await approveAuthorization(await ctx(), { clientRowId: client.rowId, merchantId, redirectUri: REDIRECT, scopes: ['catalog:read'], codeChallenge: pkcePair().challenge, dpopJkt: null });
    const view = await readMerchantConsole(await ctx(), member.id, storeDirectory);
    const app = view!.stores.find((s) => s.merchantId === merchantId)!.apps.find((a) => a.appId === client.appId)!;
    expect(app).toMatchObject({ scopes: ['catalog:read'], oauthAccess: true, status: 'active' });

    await runMerchantUsersCommand(['create', '--email', 'outsider@signin.example', '--password', 'long enough password', '--merchant', 'maison-atelier'], await ctx(), storeDirectory);
    const outsider = await db.merchantUser.findUniqueOrThrow({ where: { email: 'outsider@signin.example' } });
    expect(await revokeAppAccessAsMember(await ctx(), { userId: outsider.id, merchantId, appId: client.appId })).toBeNull();
    expect(await db.oAuthGrant.count({ where: { merchantId, client: { appId: client.appId }, revokedAt: null } })).toBe(1);

    expect(await revokeAppAccessAsMember(await ctx(), { userId: member.id, merchantId, appId: client.appId })).toMatchObject({ grantsRevoked: 1 });
    const after = await readMerchantConsole(await ctx(), member.id, storeDirectory);
    expect(after!.stores.find((s) => s.merchantId === merchantId)!.apps.find((a) => a.appId === client.appId)!.oauthAccess).toBe(false);
  });
});

describe('the consent page CSP', () => {
  it('lets /oauth/authorize forms be redirected to the one redirect_uri origin, and nothing else anywhere', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(authorizeFormActionOrigins('/oauth/authorize', q('redirect_uri=https%3A%2F%2Fapp.example%2Fcb%3Fx%3D1'))).toEqual(['https://app.example']);
    expect(authorizeFormActionOrigins('/merchant', q('redirect_uri=https%3A%2F%2Fapp.example%2Fcb'))).toEqual([]);
    expect(authorizeFormActionOrigins('/oauth/authorize', q('redirect_uri=javascript%3Aalert(1)'))).toEqual([]);
    expect(authorizeFormActionOrigins('/oauth/authorize', q('redirect_uri=https%3A%2F%2Fa.example&redirect_uri=https%3A%2F%2Fb.example'))).toEqual([]);
    expect(contentSecurityPolicy('n', false, ['https://app.example'])).toContain("form-action 'self' https://app.example;");
    expect(contentSecurityPolicy('n', false)).toContain("form-action 'self';");
  });
});
