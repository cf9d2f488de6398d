import { beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import * as catchAllRoute from '../app/api/v1/[[...path]]/route';
import * as apiCatchAllRoute from '../app/api/[[...path]]/route';
import * as merchantRoute from '../app/api/v1/catalog/merchants/[slug]/route';
import * as addressRoute from '../app/api/v1/open/storefront/carts/[cartId]/address/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import * as searchRoute from '../app/api/v1/search/route';
import type { RouteHandler } from '../lib/http/handle';
import { MAX_BODY_BYTES } from '../lib/http/parse';
import { proxy } from '../proxy';
import { BASE, call, expectError, type Reply } from './helpers/http';
import { bearer, createTestKey } from './helpers/keys';

async function viaProxy(method: string, path: string): Promise<Reply & { passed: boolean }> {
  const res = await proxy(new NextRequest(BASE + path, { method }));
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body, passed: res.headers.get('x-middleware-next') === '1' };
}

const issueOf = (r: Reply) => r.body.error.issues?.[0];

describe('the proxy answers URLs the router would mangle, in the envelope', () => {
  it.each([
    ['malformed percent-encoding', '/api/v1/catalog/merchants/%00%ff', 'invalid_encoding'],
    ['a lone % sign', '/api/v1/catalog/merchants/100%', 'invalid_encoding'],
    ['an encoded NUL', '/api/v1/catalog/merchants/%00', 'invalid_string'],
    ['an encoded control character', '/api/v1/catalog/merchants/a%0Ab', 'invalid_string'],
    ['an encoded lone surrogate (CESU-8)', '/api/v1/catalog/merchants/a%ED%A0%80', 'invalid_encoding'],
    ['an overlong segment', `/api/v1/catalog/merchants/${'a'.repeat(300)}`, 'too_long'],
    ['a 16 KB URL', `/api/v1/search?q=${'a'.repeat(16 * 1024)}`, 'too_long'],
  ])('%s: 400 validation_failed', async (_name, path, code) => {
    const r = await viaProxy('GET', path);
    const err = expectError(r, 400, 'validation_failed');
    expect(err.issues[0].code).toBe(code);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.passed).toBe(false);
  });

  it.each([
    ['a trailing slash', '/api/v1/catalog/categories/'],
    ['an encoded dot segment', '/api/v1/catalog/categories/%2e'],
    ['/api/v1 itself with a slash', '/api/v1/'],
  ])('%s: 404 route_not_found, not a redirect', async (_name, path) => {
    const r = await viaProxy('GET', path);
    expectError(r, 404, 'route_not_found');
  });

  it('answers a method the table does not declare with 405 and the Allow the table derives, or 404 off the table', async () => {
    const r = await viaProxy('PROPFIND', '/api/v1/catalog/merchants/lumen-audio');
    expectError(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expectError(await viaProxy('PROPFIND', '/api/v1/no/such/path'), 404, 'route_not_found');
  });

  it('passes well-formed API requests through untouched (unicode slugs included)', async () => {
    for (const path of ['/api/v1/catalog/categories', '/api/v1/catalog/merchants/%E4%B8%AD%E6%96%87', '/api/v1/search?q=%E8%80%B3%E6%9C%BA']) {
      const r = await viaProxy('GET', path);
      expect(r.passed, path).toBe(true);
      expect(r.headers.get('content-security-policy'), path).toBeNull();
    }
  });

  it('gives pages a plain 400 for bad escapes and the usual redirect for a trailing slash', async () => {
    const bad = await viaProxy('GET', '/stores/%ff');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^text\/plain/);
    const slash = await viaProxy('GET', '/stores/lumen-audio/?x=1');
    expect(slash.status).toBe(308);
    expect(new URL(slash.headers.get('location')!).pathname + new URL(slash.headers.get('location')!).search).toBe('/stores/lumen-audio?x=1');
  });
});

describe('the catch-all routes', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)('%s on an unknown path: 404 route_not_found', async (method) => {
    for (const mod of [catchAllRoute, apiCatchAllRoute]) {
      const r = await call(mod[method] as RouteHandler, { method, path: '/api/v1/nowhere' });
      expectError(r, 404, 'route_not_found');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('the shared string rule: NUL and lone surrogates never reach the database', () => {
  it('refuses them in a path parameter', async () => {
    for (const slug of ['lumen-audio\u0000', '\ud800']) {
      const r = await call(merchantRoute.GET, { path: '/api/v1/catalog/merchants/x', params: { slug } });
      expectError(r, 400, 'validation_failed');
      expect(issueOf(r)).toMatchObject({ path: 'params.slug', code: 'custom' });
    }
  });

  it('refuses them in the query', async () => {
    const query = { q: 'audio', locale: 'en-US', market: 'US', sort: 'relevance', page: '1', pageSize: '10' };
    // (A lone surrogate cannot travel in a URL: encoding it gives U+FFFD.)
    for (const category of ['a\u0000', '\u0000']) {
      const r = await call(searchRoute.GET, { path: '/api/v1/search', query: { ...query, category } });
      expectError(r, 400, 'validation_failed');
      expect(issueOf(r)).toMatchObject({ path: 'query.category', code: 'custom' });
    }
  });

  describe('in JSON bodies', () => {
    let key: string;
    let cartId: string;
    beforeAll(async () => {
      key = await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['catalog:read', 'checkout:quote'], app: 'hostile-input' });
      const created = await call(cartsRoute.POST, { method: 'POST', headers: { ...bearer(key), 'idempotency-key': `hostile-${Date.now()}` }, body: { market: 'US', locale: 'en-US' } });
      expect(created.status, created.text).toBe(200);
      cartId = created.body.data.id;
    });

    const address = { country: 'US', recipient: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' };
    it.each([
      ['a NUL', { ...address, recipient: 'Ada\u0000' }, 'body.address.recipient'],
      ['a lone high surrogate', { ...address, line1: '1 Market St \ud800' }, 'body.address.line1'],
      ['a lone low surrogate in a key', { ...address, ['\udc00']: 'x' }, 'body.address.\udc00'],
    ])('%s in the cart address: 400 with issues at the field', async (_name, bad, path) => {
      const text = JSON.stringify({ address: bad }).replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
      const r = await call(addressRoute.PUT, {
        method: 'PUT',
        params: { cartId },
        headers: { ...bearer(key), 'idempotency-key': `hostile-${Math.random().toString(36).slice(2)}` },
        body: text,
      });
      expectError(r, 400, 'validation_failed');
      expect(r.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
    });
  });
});

describe('request bodies', () => {
  let key: string;
  beforeAll(async () => {
    key = await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'], app: 'hostile-bodies' });
  });
  const post = (body: string, headers: Record<string, string> = {}) =>
    call(cartsRoute.POST, {
      method: 'POST',
      headers: { ...bearer(key), 'idempotency-key': `bodies-${Math.random().toString(36).slice(2)}`, 'content-type': 'application/json', ...headers },
      body,
    });

  it('counts the size limit in bytes, not characters', async () => {
    // 30,000 characters, 90,000 bytes of UTF-8.
    const wide = JSON.stringify({ market: 'US', locale: 'en-US', note: '中'.repeat(30_000) });
    expect(wide.length).toBeLessThan(MAX_BODY_BYTES);
    expectError(await post(wide), 400, 'payload_too_large');
    expectError(await post(wide, { 'content-length': String(Buffer.byteLength(wide)) }), 400, 'payload_too_large');
    // Exactly at the limit is read (and then judged by the schema).
    const base = JSON.stringify({ market: 'US', locale: 'en-US', note: '' });
    const exact = JSON.stringify({ market: 'US', locale: 'en-US', note: 'a'.repeat(MAX_BODY_BYTES - base.length) });
    expect(Buffer.byteLength(exact)).toBe(MAX_BODY_BYTES);
    expectError(await post(exact), 400, 'validation_failed');
    expectError(await post(exact + ' '), 400, 'payload_too_large');
  });

  it('refuses a body that is not JSON by media type with unsupported_media_type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await post('{"market":"US","locale":"en-US"}', { 'content-type': type });
      expect(expectError(r, 400, 'unsupported_media_type').issues[0]).toMatchObject({ path: 'body', code: 'content_type' });
    }
    expect((await post('{"market":"US","locale":"en-US"}', { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it('refuses invalid JSON and invalid UTF-8 without a 500', async () => {
    expectError(await post('{"market":'), 400, 'invalid_json');
    const r = await call(cartsRoute.POST, {
      method: 'POST',
      headers: { ...bearer(key), 'idempotency-key': `bodies-${Math.random().toString(36).slice(2)}`, 'content-type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]).toString('latin1'),
    });
    expect(r.status).toBe(400);
  });
});
