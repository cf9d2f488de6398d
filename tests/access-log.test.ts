import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as catchAllRoute from '../app/api/v1/[[...path]]/route';
import * as merchantRoute from '../app/api/v1/catalog/merchants/[slug]/route';
import * as productsRoute from '../app/api/v1/catalog/merchants/[slug]/products/route';
import * as identityRoute from '../app/api/v1/open/installation/identity/route';
import * as searchRoute from '../app/api/v1/search/route';
import type { RouteHandler } from '../lib/http/handle';
import { getDb } from '../lib/db/client';
import { captureLogs, logger } from '../lib/platform/logger';
import { issueStoreAccessToken } from '../lib/store-access/token';
import { proxy } from '../proxy';
import { BASE, call } from './helpers/http';
import { bearer, createTestKey } from './helpers/keys';
import { withLastCharacterChanged } from './helpers/tamper';

/**
 * One `access` line per API request (lib/http/access-log.ts): method, route pattern, operation,
 * status, duration, request id and the kind of credential, whichever layer answers, and never a
 * credential, a path or a query string.
 */
let capture: ReturnType<typeof captureLogs>;
let level: string;

beforeEach(() => {
  // Tests log at `warn`; the access log is `info`, as production writes it.
  level = logger.level;
  logger.level = 'info';
  capture = captureLogs();
});

afterEach(() => {
  capture.restore();
  logger.level = level;
});

const accessLines = () => capture.lines.filter((l) => l.msg === 'access');

/** The one access line written since the last call, and everything logged as one string (to look for leaks). */
function oneLine(): { line: Record<string, unknown>; logged: string } {
  const lines = accessLines();
  expect(lines).toHaveLength(1);
  const logged = JSON.stringify(capture.lines);
  capture.lines.length = 0;
  return { line: lines[0]!, logged };
}

describe('the access log', () => {
  it('logs a 200 with the route pattern and operation, its duration and request id', async () => {
    const r = await call(merchantRoute.GET, { params: { slug: 'lumen-audio' } });
    expect(r.status).toBe(200);
    const { line, logged } = oneLine();
    expect(line).toMatchObject({
      level: 'info',
      msg: 'access',
      method: 'GET',
      route: '/api/v1/catalog/merchants/{slug}',
      operation: 'getPublicMerchant',
      status: 200,
      requestId: r.headers.get('x-request-id'),
      principal: 'none',
      cache: 'miss',
    });
    expect(line.durationMs).toEqual(expect.any(Number));
    expect(line.durationMs as number).toBeGreaterThanOrEqual(0);
    expect(logged).not.toContain('lumen-audio');
  });

  it('logs a 404, of an operation and of a path no route serves (which is not logged)', async () => {
    const r = await call(merchantRoute.GET, { params: { slug: 'no-such-store' } });
    expect(r.status).toBe(404);
    expect(oneLine().line).toMatchObject({ operation: 'getPublicMerchant', status: 404, requestId: r.headers.get('x-request-id') });

    const lost = await call(catchAllRoute.GET as RouteHandler, { path: '/api/v1/sk_live_pasted-into-the-path' });
    expect(lost.status).toBe(404);
    const { line, logged } = oneLine();
    expect(line).toMatchObject({ method: 'GET', route: '(unmatched)', status: 404, principal: 'none', requestId: lost.headers.get('x-request-id') });
    expect(line).not.toHaveProperty('operation');
    expect(logged).not.toContain('sk_live_pasted');
  });

  it('logs a 401 without the credential that was refused, and a 200 under an API key as apiKey', async () => {
    const key = await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'] });
    const wrong = withLastCharacterChanged(key);
    const refused = await call(identityRoute.GET, { headers: { ...bearer(wrong), dpop: 'proof.that.is.secret' } });
    expect(refused.status).toBe(401);
    let { line, logged } = oneLine();
    expect(line).toMatchObject({ route: '/api/v1/open/installation/identity', operation: 'getInstallationCredentialIdentity', status: 401, principal: 'none' });
    for (const secret of [wrong, key, 'Bearer', 'proof.that.is.secret']) expect(logged).not.toContain(secret);

    const ok = await call(identityRoute.GET, { headers: bearer(key) });
    expect(ok.status).toBe(200);
    ({ line, logged } = oneLine());
    expect(line).toMatchObject({ status: 200, principal: 'apiKey', requestId: ok.headers.get('x-request-id') });
    expect(logged).not.toContain(key);
  });

  it('logs neither the query string nor a store access token, and names the token as the principal', async () => {
    const bad = await call(searchRoute.GET, { query: { q: 'earbuds', access_token: 'query-secret-123' } });
    expect(bad.status).toBe(400);
    let { line, logged } = oneLine();
    expect(line).toMatchObject({ route: '/api/v1/search', status: 400 });
    expect(logged).not.toContain('query-secret-123');
    expect(logged).not.toContain('earbuds');

    const settings = await (await getDb()).storeAccessSettings.findFirstOrThrow({ where: { merchant: { slug: 'maison-atelier' } } });
    const { token } = await issueStoreAccessToken({ store: 'maison-atelier', epoch: settings.accessEpoch }, new Date());
    const unlocked = await call(productsRoute.GET, { params: { slug: 'maison-atelier' }, headers: { 'x-store-access-token': token } });
    expect(unlocked.status).toBe(200);
    ({ line, logged } = oneLine());
    expect(line).toMatchObject({ operation: 'listPublicMerchantProducts', status: 200, principal: 'storeAccess' });
    expect(logged).not.toContain(token);
  });

  it('logs a 405 and an OPTIONS under the path pattern of the route', async () => {
    const r = await call(merchantRoute.DELETE as RouteHandler, { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(oneLine().line).toMatchObject({ method: 'DELETE', route: '/api/v1/catalog/merchants/{slug}', status: 405 });
    const o = await call(merchantRoute.OPTIONS as RouteHandler, { method: 'OPTIONS' });
    expect(o.status).toBe(204);
    expect(oneLine().line).toMatchObject({ method: 'OPTIONS', route: '/api/v1/catalog/merchants/{slug}', status: 204, requestId: o.headers.get('x-request-id') });
  });

  it('logs what the proxy answers itself: a refused URL, a cached read, a refused page; not what it hands on', async () => {
    const refused = await proxy(new NextRequest(`${BASE}/api/v1/catalog/merchants/%00?token=abc`));
    expect(refused.status).toBe(400);
    let { line, logged } = oneLine();
    expect(line).toMatchObject({ method: 'GET', route: '(unmatched)', status: 400, requestId: refused.headers.get('x-request-id') });
    expect(logged).not.toContain('token=abc');

    const path = '/api/v1/catalog/merchants/huaxia-digital/products?pageSize=7';
    expect((await proxy(new NextRequest(BASE + path))).headers.get('x-middleware-next')).toBe('1'); // not cached yet: handed on
    expect(accessLines()).toHaveLength(0);
    expect((await call(productsRoute.GET, { path, params: { slug: 'huaxia-digital' } })).status).toBe(200);
    capture.lines.length = 0;
    const hit = await proxy(new NextRequest(BASE + path));
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-cache')).toBe('hit');
    ({ line, logged } = oneLine());
    expect(line).toMatchObject({ route: '/api/v1/catalog/merchants/{slug}/products', operation: 'listPublicMerchantProducts', status: 200, cache: 'hit', requestId: hit.headers.get('x-request-id') });
    expect(logged).not.toContain('pageSize');

    const page = await proxy(new NextRequest(`${BASE}/stores/a%00b`));
    expect(page.status).toBe(400);
    expect(oneLine().line).toMatchObject({ route: '(unmatched)', status: 400, principal: 'none' });
    expect((await proxy(new NextRequest(`${BASE}/stores/lumen-audio`))).headers.get('x-middleware-next')).toBe('1');
    expect(accessLines()).toHaveLength(0);
  });

  it('costs only a level check when info lines are off', async () => {
    logger.level = 'warn';
    await call(merchantRoute.GET, { params: { slug: 'lumen-audio' } });
    expect(accessLines()).toHaveLength(0);
  });
});
