import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createStorefrontClient } from './client.js';
import { accessTokenHash, generateDpopKeyPair } from './dpop.js';
import { StorefrontConnectionError, StorefrontError } from './errors.js';
import type { OperationErrorCode, OperationResult, Schema } from './types.js';

const BASE = 'https://shop.example';
const fast = { baseDelayMs: 1, maxDelayMs: 2 };

type Script = (request: Request, attempt: number) => Response | Promise<Response>;

/** A fetch that answers from a script and records every request it was given. */
function scripted(script: Script) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request.clone());
    return script(request, requests.length);
  };
  return { fetch, requests };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req_test', ...headers } });
const errorBody = (code: string, status: number, extra: Record<string, unknown> = {}) => ({
  error: { code, message: code, status, requestId: 'req_test', retryable: false, ...extra },
});
const networkFailure = () => Promise.reject(new TypeError('fetch failed'));
const cart = { id: 'c1', version: 1 };

describe('requests', () => {
  it('sends the API key to API-key operations only, and unwraps data', async () => {
    const { fetch, requests } = scripted((req) =>
      req.url.includes('/carts') ? json(200, { data: cart }) : json(200, { data: [{ slug: 'p' }], meta: { hasNextPage: false } }),
    );
    const sf = createStorefrontClient({ baseUrl: BASE, apiKey: 'sk_test_x', fetch });
    expect(await sf.createPublicCart({ body: { market: 'US' } })).toEqual(cart);
    const list = await sf.listPublicMerchantProducts({ path: { slug: 'lumen-audio' }, query: { pageSize: 5 } });
    expect(list).toEqual({ data: [{ slug: 'p' }], meta: { hasNextPage: false } });
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer sk_test_x');
    expect(requests[1]!.headers.get('authorization')).toBeNull();
    expect(requests[1]!.url).toBe(`${BASE}/api/v1/catalog/merchants/lumen-audio/products?pageSize=5`);
  });

  it('makes an Idempotency-Key per call for operations that require one, or sends the caller’s', async () => {
    const { fetch, requests } = scripted(() => json(200, { data: cart }));
    const sf = createStorefrontClient({ baseUrl: BASE, apiKey: 'sk_test_x', fetch });
    await sf.createPublicCart({ body: {} });
    await sf.createPublicCart({ body: {} });
    const r = await sf.callWithResponse('createPublicCart', { body: {}, idempotencyKey: 'my-key-0001' });
    await sf.quotePublicCartCheckout({ path: { cartId: 'c1' } });
    const keys = requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('my-key-0001');
    expect(r.idempotencyKey).toBe('my-key-0001');
    expect(keys[3]).toBeNull();
  });

  it('sends form bodies to the OAuth endpoints', async () => {
    const { fetch, requests } = scripted(() => json(200, { data: { revoked: true } }));
    const sf = createStorefrontClient({ baseUrl: BASE, fetch });
    await sf.revokeOAuthToken({ body: { token: 'sfrt_x', client_id: 'app' } });
    expect(requests[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(await requests[0]!.text()).toBe('token=sfrt_x&client_id=app');
  });

  it('turns an error answer into a StorefrontError, and anything else into unexpected_response', async () => {
    const { fetch } = scripted((_, n) =>
      n === 1 ? json(409, errorBody('cart_not_active', 409, { details: { state: 'completed' } })) : new Response('<html>bad gateway</html>', { status: 400 }),
    );
    const sf = createStorefrontClient({ baseUrl: BASE, apiKey: 'sk_test_x', fetch });
    const first = await sf.addPublicCartItem({ path: { cartId: 'c1' }, body: { skuId: 's', quantity: 1 } }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(StorefrontError);
    expect(first).toMatchObject({ code: 'cart_not_active', status: 409, requestId: 'req_test', details: { state: 'completed' }, operationId: 'addPublicCartItem' });
    const second = await sf.getPublicContact().catch((e: unknown) => e);
    expect(second).toMatchObject({ code: 'unexpected_response', status: 400 });
  });
});

describe('retries', () => {
  it('retries a GET after a network failure', async () => {
    const { fetch, requests } = scripted((_, n) => (n === 1 ? networkFailure() : json(200, { data: { ok: true } })));
    const sf = createStorefrontClient({ baseUrl: BASE, fetch, retry: fast });
    await expect(sf.getPublicContact()).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(2);
  });

  it('never repeats a POST without an Idempotency-Key after a network failure or a 503', async () => {
    const down = scripted(() => networkFailure());
    const sf = createStorefrontClient({ baseUrl: BASE, fetch: down.fetch, retry: fast });
    const err = await sf.getHostedCheckoutBrowserProjection({ path: { sessionId: 'cs_x' }, body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorefrontConnectionError);
    expect(down.requests).toHaveLength(1);

    const unavailable = scripted(() => json(503, errorBody('service_unavailable', 503), { 'retry-after': '1' }));
    const sf2 = createStorefrontClient({ baseUrl: BASE, fetch: unavailable.fetch, retry: fast });
    await expect(sf2.getHostedCheckoutBrowserProjection({ path: { sessionId: 'cs_x' }, body: {} })).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(unavailable.requests).toHaveLength(1);
  });

  it('repeats a keyed POST after a 503 or a network failure, with the same key every time', async () => {
    const { fetch, requests } = scripted((_, n) =>
      n === 1 ? json(503, errorBody('service_unavailable', 503)) : n === 2 ? networkFailure() : json(200, { data: cart }),
    );
    const sf = createStorefrontClient({ baseUrl: BASE, apiKey: 'sk_test_x', fetch, retry: fast });
    await expect(sf.createPublicCart({ body: {} })).resolves.toEqual(cart);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers.get('idempotency-key'))).size).toBe(1);
    expect(new Set(await Promise.all(requests.map((r) => r.text())))).toEqual(new Set(['{}']));
  });

  it('retries a 429 even for an unkeyed POST, after the wait the server asks for', async () => {
    const { fetch, requests } = scripted((_, n) =>
      n === 1 ? json(429, errorBody('rate_limited', 429, { retryable: true, details: { retryAfterSeconds: 0.2 } })) : json(200, { data: {} }),
    );
    const sf = createStorefrontClient({ baseUrl: BASE, fetch, retry: fast });
    const started = Date.now();
    await sf.getHostedCheckoutBrowserProjection({ path: { sessionId: 'cs_x' }, body: {} });
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    expect(requests).toHaveLength(2);
  });

  it('gives up on a 429 asking for longer than maxRetryAfterMs, and on retry: false', async () => {
    const limited = () => json(429, errorBody('rate_limited', 429, { retryable: true, details: { retryAfterSeconds: 120 } }), { 'retry-after': '120' });
    const a = scripted(limited);
    const sf = createStorefrontClient({ baseUrl: BASE, fetch: a.fetch });
    await expect(sf.getPublicContact()).rejects.toMatchObject({ code: 'rate_limited', retryable: true, details: { retryAfterSeconds: 120 } });
    expect(a.requests).toHaveLength(1);
    const b = scripted(() => json(503, errorBody('service_unavailable', 503)));
    await expect(createStorefrontClient({ baseUrl: BASE, fetch: b.fetch, retry: false }).getPublicContact()).rejects.toMatchObject({ status: 503 });
    expect(b.requests).toHaveLength(1);
  });

  it('stops waiting when the caller aborts', async () => {
    const { fetch } = scripted(() => json(429, errorBody('rate_limited', 429), { 'retry-after': '30' }));
    const sf = createStorefrontClient({ baseUrl: BASE, fetch });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await expect(sf.getPublicContact({ signal: controller.signal })).rejects.toThrow('caller gave up');
  });
});

describe('DPoP', () => {
  it('signs a fresh proof per attempt with ath, htm, htu, iat and jti, and the nonce once the server gives one', async () => {
    const keyPair = await generateDpopKeyPair();
    const { fetch, requests } = scripted((_, n) =>
      n === 1 ? json(401, errorBody('use_dpop_nonce', 401), { 'dpop-nonce': 'n-1', 'www-authenticate': 'DPoP error="use_dpop_nonce"' }) : json(200, { data: cart }),
    );
    const sf = createStorefrontClient({ baseUrl: BASE, dpop: { keyPair, accessToken: 'sfat_token' }, fetch });
    await sf.createPublicCart({ body: {} });
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map((r) => ({ header: decodeProtectedHeader(r.headers.get('dpop')!), claims: decodeJwt(r.headers.get('dpop')!) }));
    for (const r of requests) expect(r.headers.get('authorization')).toBe('DPoP sfat_token');
    expect(first!.header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256' } });
    expect(first!.header.jwk).not.toHaveProperty('d');
    expect(first!.claims).toMatchObject({ htm: 'POST', htu: `${BASE}/api/v1/open/storefront/carts`, ath: await accessTokenHash('sfat_token') });
    expect(first!.claims.nonce).toBeUndefined();
    expect(second!.claims.nonce).toBe('n-1');
    expect(second!.claims.jti).not.toBe(first!.claims.jti);
    expect(Math.abs(Number(second!.claims.iat) - Date.now() / 1000)).toBeLessThan(5);
    expect(requests[0]!.headers.get('idempotency-key')).toBe(requests[1]!.headers.get('idempotency-key'));
  });

  it('signs proofs without ath for the OAuth endpoints, and reads a fresh token before every attempt', async () => {
    const keyPair = await generateDpopKeyPair('EdDSA');
    const { fetch, requests } = scripted(() => json(200, { data: {} }));
    let n = 0;
    const sf = createStorefrontClient({ baseUrl: `${BASE}/`, dpop: { keyPair, accessToken: () => `sfat_${++n}` }, fetch });
    await sf.exchangeOAuthToken({ body: { grant_type: 'refresh_token', refresh_token: 'r', client_id: 'c' } });
    await sf.getInstallationCredentialIdentity();
    await sf.getInstallationCredentialIdentity();
    const token = decodeJwt(requests[0]!.headers.get('dpop')!);
    expect(token.ath).toBeUndefined();
    expect(decodeProtectedHeader(requests[0]!.headers.get('dpop')!).alg).toBe('EdDSA');
    expect(requests[0]!.headers.get('authorization')).toBeNull();
    expect(requests.slice(1).map((r) => r.headers.get('authorization'))).toEqual(['DPoP sfat_1', 'DPoP sfat_2']);
  });

  it('authenticates the raw openapi-fetch client the same way', async () => {
    const { fetch, requests } = scripted(() => json(200, { data: cart }));
    const sf = createStorefrontClient({ baseUrl: BASE, apiKey: 'sk_test_x', fetch });
    const { data } = await sf.raw.POST('/api/v1/open/storefront/carts', { body: {}, params: { header: { 'Idempotency-Key': 'raw-key-0001' } } });
    expect(data?.data).toEqual(cart);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer sk_test_x');
    expect(requests[0]!.headers.get('idempotency-key')).toBe('raw-key-0001');
  });
});

describe('pagination', () => {
  it('follows meta.hasNextPage from the first page asked for', async () => {
    const { fetch, requests } = scripted((req) => {
      const page = Number(new URL(req.url).searchParams.get('page'));
      return json(200, { data: [`p${page}a`, `p${page}b`], meta: { page, hasNextPage: page < 4 } });
    });
    const sf = createStorefrontClient({ baseUrl: BASE, fetch });
    const items: string[] = [];
    for await (const item of sf.paginate('listPublicMerchantProducts', { path: { slug: 's' }, query: { page: 2, pageSize: 2 } })) items.push(item as never);
    expect(items).toEqual(['p2a', 'p2b', 'p3a', 'p3b', 'p4a', 'p4b']);
    expect(requests.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['2', '3', '4']);
  });

  it('refuses an operation that is not a paginated list', async () => {
    const sf = createStorefrontClient({ baseUrl: BASE, fetch: scripted(() => json(200, {})).fetch });
    await expect(sf.pages('getPublicContact' as never).next()).rejects.toThrow('not a paginated list');
  });
});

describe('types', () => {
  it('types each operation’s input, result and error codes from the document', () => {
    const sf = createStorefrontClient({ baseUrl: BASE, fetch: () => Promise.reject(new Error('not called')) });
    expectTypeOf<OperationResult<'createPublicCart'>>().toEqualTypeOf<Schema<'PublicCart'>>();
    expectTypeOf<OperationResult<'listPublicMerchantProducts'>['meta']['hasNextPage']>().toEqualTypeOf<boolean>();
    expectTypeOf<'cart_not_active'>().toExtend<OperationErrorCode<'addPublicCartItem'>>();
    expectTypeOf<'cart_not_active'>().not.toExtend<OperationErrorCode<'createPublicCart'>>();
    expectTypeOf<'service_unavailable'>().toExtend<OperationErrorCode<'getPublicContact'>>();
    // Compile-time only: none of these calls runs.
    const _unused = () => [
      sf.getPublicContact(),
      sf.getPublicMerchantProduct({ path: { merchantSlug: 'm', productSlug: 'p' } }),
      // @ts-expect-error a cart is created from a body
      sf.createPublicCart(),
      // @ts-expect-error path parameters are required
      sf.quotePublicCartCheckout({}),
      // @ts-expect-error request bodies are strict: no unknown fields
      sf.createPublicCart({ body: { market: 'US', colour: 'red' } }),
      // @ts-expect-error markets are CN or US
      sf.createPublicCart({ body: { market: 'FR' } }),
      // @ts-expect-error only list operations page
      sf.paginate('getPublicContact'),
    ];
  });
});
