import { readFileSync } from 'node:fs';
import { expectAxeClean } from './axe';
import { expect, type Page, test } from './test';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import * as oauth from 'oauth4webapi';
import { e2eDemoFile } from './demo-file';
import { screenshot } from './screenshots';

/**
 * The OAuth 2.0 journey of an app, driven by oauth4webapi (a certified client library, unmodified)
 * against the e2e server: discovery, /oauth/authorize in the browser (merchant sign-in through
 * Auth.js, consent), the code captured at the app's redirect URI, the exchange with DPoP at the
 * RFC-shaped /oauth/token, a cart operation with `Authorization: DPoP`, a refresh, a revocation,
 * and the revoked token refused. A consent form forged on another site gets the designed 403 page.
 */

type Demo = {
  oauth: { clientId: string; redirectUri: string; scopes: string[] };
  merchantUsers: { store: string; email: string; password: string }[];
};

const demo = (baseURL: string): Demo => JSON.parse(readFileSync(e2eDemoFile(baseURL), 'utf8')) as Demo;
const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** The client library as it ships: the metadata names the RFC-shaped /oauth/token and /oauth/revoke. */
const options = (dpop?: oauth.DPoPHandle) => ({ ...insecure, ...(dpop && { DPoP: dpop }) });

/** One retry when the server asks for its DPoP nonce (RFC 9449 §8); the handle remembers it. */
async function withNonce<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (oauth.isDPoPNonceError(err)) return run();
    throw err;
  }
}

/**
 * Answers the app's redirect URI in the browser and hands back the URL it was called with, once the
 * page has landed there (so the test's next navigation cannot be interrupted by this one).
 */
async function captureRedirect(page: Page, redirectUri: string): Promise<URL> {
  const called = new Promise<URL>((resolve) => {
    void page.route(`${redirectUri}**`, async (route) => {
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'app callback' });
      resolve(new URL(route.request().url()));
    });
  });
  const url = await called;
  await page.waitForURL((u) => u.href.startsWith(redirectUri));
  return url;
}

async function discover(baseURL: string) {
  const issuer = new URL(baseURL);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }));
}

async function signIn(page: Page, user: { email: string; password: string }, labels = { email: 'Email', password: 'Password', submit: 'Sign in' }) {
  await expect(page).toHaveURL(/\/merchant\/sign-in\?/);
  await page.getByLabel(labels.email).fill(user.email);
  await page.getByLabel(labels.password).fill(user.password);
  await page.getByRole('button', { name: labels.submit }).click();
}

test('an app is authorized in the browser, then exchanges, calls, refreshes and revokes with DPoP', async ({ page, baseURL }) => {
  const facts = demo(baseURL!);
  const user = facts.merchantUsers.find((u) => u.store === 'lumen-audio')!;
  const as = await discover(baseURL!);
  expect(as.dpop_signing_alg_values_supported).toContain('ES256');
  const client: oauth.Client = { client_id: facts.oauth.clientId };
  const clientAuth = oauth.None();
  const keys = await oauth.generateKeyPair('ES256');
  const dpop = oauth.DPoP(client, keys);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();

  const authorize = new URL(as.authorization_endpoint!);
  authorize.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: facts.oauth.redirectUri,
    response_type: 'code',
    scope: 'catalog:read checkout:quote',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    dpop_jkt: await calculateJwkThumbprint(await exportJWK(keys.publicKey)),
  }).toString();

  const redirected = captureRedirect(page, facts.oauth.redirectUri);
  await page.goto(authorize.href);
  await expectAxeClean(page);
  await signIn(page, user);

  await expect(page.getByRole('heading', { name: 'Demo OAuth App wants to access your store' })).toBeVisible();
  await expect(page.getByTestId('consent-store')).toContainText('Lumen');
  await expect(page.getByTestId('consent-scopes').getByRole('listitem')).toHaveText(['Read your catalog: products, prices and stock', 'Create carts and price them']);
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Allow' }).click();
  const callback = await redirected;
  expect(callback.searchParams.get('iss')).toBe(new URL(baseURL!).origin);
  const params = oauth.validateAuthResponse(as, client, callback, state);

  const tokens = await withNonce(async () =>
    oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, facts.oauth.redirectUri, verifier, options(dpop)),
    ),
  );
  expect(tokens.token_type).toBe('dpop');
  expect(tokens.refresh_token).toBeTruthy();
  expect(as.token_endpoint).toBe(new URL('/oauth/token', baseURL).href);

  const cartsUrl = new URL('/api/v1/open/storefront/carts', baseURL);
  const createCart = (access: string) =>
    oauth
      .protectedResourceRequest(access, 'POST', cartsUrl, new Headers({ 'content-type': 'application/json', 'idempotency-key': `e2e-${crypto.randomUUID()}` }), JSON.stringify({ market: 'US', locale: 'en-US' }), {
        ...insecure,
        DPoP: dpop,
      })
      .catch((err: unknown) => {
        if (err instanceof oauth.WWWAuthenticateChallengeError) return err.response;
        throw err;
      });
  const cart = await createCart(tokens.access_token);
  expect(cart.status).toBe(200);
  expect(((await cart.json()) as { data: { id: string } }).data.id).toBeTruthy();

  const refreshed = await withNonce(async () =>
    oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, options(dpop))),
  );
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  expect((await createCart(refreshed.access_token)).status).toBe(200);

  await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, refreshed.refresh_token!, options()));
  expect((await createCart(refreshed.access_token)).status).toBe(401);

  // The merchant area shows the app and its scopes, and its OAuth access is gone.
  await page.goto('/merchant');
  await expect(page.getByTestId('signed-in-as')).toContainText(user.email);
  const app = page.getByTestId('merchant-app').filter({ hasText: 'Demo OAuth App' });
  await expect(app).toContainText('Create carts and price them');
  await expectAxeClean(page);
});

test('a consent form forged on another site gets the designed 403 page, in both languages', async ({ browser, baseURL }) => {
  const facts = demo(baseURL!);
  const consent = new URL('/oauth/authorize', baseURL);
  // A complete request (PKCE included): the way back is this page again, which then asks the merchant to sign in.
  consent.search = new URLSearchParams({
    client_id: facts.oauth.clientId,
    redirect_uri: facts.oauth.redirectUri,
    response_type: 'code',
    scope: 'catalog:read',
    state: 'forged',
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    code_challenge_method: 'S256',
  }).toString();
  for (const [locale, viewport, title, back] of [
    ['en-US', { width: 1280, height: 800 }, 'This form was not sent from this site', 'Open the page again'],
    ['zh-CN', { width: 390, height: 844 }, '此表单不是从本站提交的', '重新打开该页面'],
  ] as const) {
    const context = await browser.newContext({ viewport, locale, extraHTTPHeaders: { 'accept-language': locale } });
    const page = await context.newPage();
    // The attacker's page: a form that posts a consent answer to this site (as a Server Action form would).
    // Served over http like the site under test: from https, Chromium stops a form posting to http at its own warning.
    await page.route('http://evil.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>Prize</title><form method="post" enctype="multipart/form-data" action="${consent.href}"><input type="hidden" name="request" value="${consent.searchParams}"><button>Claim your prize</button></form></html>`,
      }),
    );
    await page.goto('http://evil.example/');
    const answer = page.waitForResponse((r) => r.url().startsWith(consent.origin + consent.pathname));
    await page.getByRole('button', { name: 'Claim your prize' }).click();
    expect((await answer).status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectAxeClean(page);
    await screenshot(page, test.info().outputPath(`refused-submission-${locale}.png`));
    await page.getByRole('link', { name: back }).click();
    await expect(page).toHaveURL(/\/merchant\/sign-in\?/);
    await context.close();
  }
});

test('a merchant denies on a phone in Chinese, revokes from the merchant area, and a bad redirect URI is never followed', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', extraHTTPHeaders: { 'accept-language': 'zh-CN' } });
  const page = await context.newPage();
  const facts = demo(baseURL!);
  const user = facts.merchantUsers.find((u) => u.store === 'lumen-audio')!;
  const verifier = oauth.generateRandomCodeVerifier();
  const query = {
    client_id: facts.oauth.clientId,
    redirect_uri: facts.oauth.redirectUri,
    response_type: 'code',
    scope: 'catalog:read',
    state: 'phone-state',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };

  await page.goto(`/oauth/authorize?${new URLSearchParams({ ...query, redirect_uri: 'https://evil.example/cb' })}`);
  await expect(page.getByTestId('authorize-error')).toContainText('invalid_request');
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  await expectAxeClean(page);

  // A wrong password first: refused, same form, nothing said about which part was wrong.
  await page.goto(`/oauth/authorize?${new URLSearchParams(query)}`);
  await signIn(page, { email: user.email, password: 'not-the-password' }, { email: '邮箱', password: '密码', submit: '登录' });
  await expect(page.getByTestId('sign-in-error')).toHaveText('邮箱或密码不正确。连续失败 5 次后，该账号 15 分钟内无法登录。');
  await signIn(page, user, { email: '邮箱', password: '密码', submit: '登录' });
  await expect(page.getByRole('heading', { name: 'Demo OAuth App 请求访问你的店铺' })).toBeVisible();
  await expectAxeClean(page);
  const redirected = captureRedirect(page, facts.oauth.redirectUri);
  await page.getByRole('button', { name: '拒绝' }).click();
  const denied = await redirected;
  expect(Object.fromEntries(denied.searchParams)).toMatchObject({ error: 'access_denied', state: 'phone-state', iss: new URL(baseURL!).origin });
  expect(denied.searchParams.has('code')).toBe(false);

  // Approve once, then withdraw the app's access from the merchant area.
  await page.unrouteAll();
  const approved = captureRedirect(page, facts.oauth.redirectUri);
  await page.goto(`/oauth/authorize?${new URLSearchParams(query)}`);
  await page.getByRole('button', { name: '允许' }).click();
  expect((await approved).searchParams.get('code')).toBeTruthy();
  await page.goto('/merchant');
  const app = page.getByTestId('merchant-app').filter({ hasText: 'Demo OAuth App' });
  await expect(app).toContainText('已通过 OAuth 获得授权');
  await expectAxeClean(page);
  await app.getByRole('button', { name: '撤销授权' }).click();
  await expect(page.getByRole('status')).toContainText('Demo OAuth App');
  await expect(page.getByTestId('merchant-app').filter({ hasText: 'Demo OAuth App' }).getByRole('button', { name: '撤销授权' })).toHaveCount(0);

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/merchant\/sign-in/);
  await page.goto('/merchant');
  await expect(page).toHaveURL(/\/merchant\/sign-in/);
  await context.close();
});
