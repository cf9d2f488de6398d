import { randomBytes } from 'node:crypto';
import {
  createStorefrontClient,
  generateDpopKeyPair,
  isStorefrontError,
  StorefrontError,
  verifyWebhook,
  WebhookVerificationError,
  type OperationErrorCode,
  type Schema,
  type WebhookEvent,
} from '@storefront-commerce/sdk';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import { beforeAll, describe, expect, expectTypeOf, it, onTestFinished } from 'vitest';
import { getDb } from '../lib/db/client';
import { DEMO_CART_SKU_ID } from '../lib/demo/carts';
import { seedDemoCredentials } from '../lib/demo/seed-credentials';
import { seedDemoWebhooks } from '../lib/demo/webhooks';
import { MemoryRateLimiter, setRateLimiter } from '../lib/http/rate-limit';
import { setEnv } from './helpers/env';
import { BASE } from './helpers/http';
import { createTestKey } from './helpers/keys';
import { REDIRECT, seedCode, testClient } from './helpers/oauth';
import { routeFetch } from './helpers/route-fetch';

/**
 * The SDK against the app's real route handlers, in process (tests/helpers/route-fetch.ts routes
 * its requests as Next would): the API-key path, typed errors, retries the server asks for,
 * idempotent replays, pagination, webhook verification and DPoP-bound OAuth tokens.
 */

setEnv({ RATE_LIMIT_OAUTH: '100000/60' });

/** One request as sent (status 0: no answer came back). */
type Sent = { method: string; path: string; status: number; retryAfter: string | null; at: number; idempotencyKey: string | null };

/** routeFetch, recording what was sent (and when) and what was answered. */
function recorded(fetch: (request: Request) => Promise<Response> = routeFetch) {
  const sent: Sent[] = [];
  return {
    sent,
    fetch: async (request: Request) => {
      const entry: Sent = { method: request.method, path: new URL(request.url).pathname, status: 0, retryAfter: null, at: Date.now(), idempotencyKey: request.headers.get('idempotency-key') };
      sent.push(entry);
      const response = await fetch(request);
      entry.status = response.status;
      entry.retryAfter = response.headers.get('retry-after');
      return response;
    },
  };
}

let demoKey: string;
let webhookSecret: string;
let webhookEndpointId: string;

beforeAll(async () => {
  const db = await getDb();
  const credentials = await seedDemoCredentials(db);
  demoKey = credentials.keys.find((k) => k.name === 'demo-all-scopes')!.key;
  const webhooks = await seedDemoWebhooks(db, credentials.installationId);
  webhookSecret = webhooks.secret;
  webhookEndpointId = webhooks.endpointId;
});

/** The StorefrontError a call rejects with (and a failure when it resolves or throws anything else). */
async function rejection(call: Promise<unknown>): Promise<StorefrontError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof StorefrontError) return err;
    throw err;
  }
  throw new Error('expected the call to reject with a StorefrontError');
}

const client = (apiKey: string, fetch: (request: Request) => Promise<Response> = routeFetch) =>
  createStorefrontClient({ baseUrl: BASE, apiKey, fetch, retry: { baseDelayMs: 20 } });

describe('API keys', () => {
  it('lists products, creates a cart, adds an item and quotes it', async () => {
    const sf = client(demoKey);
    const products = await sf.listPublicMerchantProducts({ path: { slug: 'lumen-audio' }, query: { pageSize: 3 } });
    expect(products.data).toHaveLength(3);
    expect(products.meta).toMatchObject({ page: 1, pageSize: 3, hasNextPage: true });

    const cart = await sf.createPublicCart({ body: { market: 'US', locale: 'en-US' } });
    expectTypeOf(cart).toEqualTypeOf<Schema<'PublicCart'>>();
    expect(cart).toMatchObject({ state: 'active', currency: 'USD', version: 1 });

    const updated = await sf.addPublicCartItem({ path: { cartId: cart.id }, body: { skuId: DEMO_CART_SKU_ID, quantity: 2 } });
    expect(updated.version).toBe(2);
    expect(updated.lines).toEqual([expect.objectContaining({ skuId: DEMO_CART_SKU_ID, quantity: 2 })]);

    const quote = await sf.quotePublicCartCheckout({ path: { cartId: cart.id } });
    expect(quote.total.currency).toBe('USD');
    expect(quote.total.amount).toBe(quote.subtotal.amount - quote.discountTotal.amount + quote.shippingTotal.amount + quote.taxTotal.amount);
  });

  it('iterates every product of a store, page after page', async () => {
    const { sent, fetch } = recorded();
    const sf = client(demoKey, fetch);
    const first = await sf.listPublicMerchantProducts({ path: { slug: 'lumen-audio' }, query: { pageSize: 4 } });
    const slugs: string[] = [];
    for await (const product of sf.paginate('listPublicMerchantProducts', { path: { slug: 'lumen-audio' }, query: { pageSize: 4 } })) {
      expectTypeOf(product).toEqualTypeOf<Schema<'PublicCatalogProductSummary'>>();
      slugs.push(product.slug);
    }
    expect(slugs).toHaveLength(first.meta.total);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(sent.length - 1).toBe(first.meta.totalPages);
  });

  it('rejects with a typed 401 for a wrong key, narrowed to what the operation may answer', async () => {
    const err = await client('sk_test_not_a_key').createPublicCart({ body: { market: 'US' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorefrontError);
    if (!isStorefrontError(err, 'createPublicCart')) throw new Error('expected a StorefrontError of createPublicCart');
    expectTypeOf(err.code).toEqualTypeOf<OperationErrorCode<'createPublicCart'>>();
    // @ts-expect-error createPublicCart declares no cart_not_found: the narrowed code cannot be it
    expect(err.code === 'cart_not_found').toBe(false);
    expect(err).toMatchObject({ code: 'authentication_required', status: 401, retryable: false, operationId: 'createPublicCart' });
    expect(err.requestId).toMatch(/^req_/);
    expect(err.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('rejects with 403 insufficient_scope naming the scopes needed', async () => {
    const key = await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read'], app: `sdk-${randomBytes(4).toString('hex')}` });
    await expect(client(key).createPublicCart({ body: {} })).rejects.toMatchObject({
      code: 'insufficient_scope',
      status: 403,
      details: { requiredScopes: ['catalog:read'] },
    });
  });

  it('carries validation issues', async () => {
    const err = await rejection(client(demoKey).createPublicCart({ body: { items: [{ skuId: DEMO_CART_SKU_ID, quantity: 0 }] } }));
    expect(err).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(err.issues?.[0]?.path).toBe('body.items.0.quantity');
  });
});

describe('retries', () => {
  it('waits out a 429 for as long as Retry-After says, then succeeds', async () => {
    setRateLimiter(new MemoryRateLimiter());
    onTestFinished(setEnv({ RATE_LIMIT_KEY_READ: '1/1' }));
    const key = await createTestKey({ merchantSlug: 'lumen-audio', scopes: [], app: `sdk-rl-${randomBytes(4).toString('hex')}` });
    const { sent, fetch } = recorded();
    const sf = createStorefrontClient({ baseUrl: BASE, apiKey: key, fetch, retry: { maxRetries: 4, baseDelayMs: 20 } });
    await sf.getInstallationCredentialIdentity();
    const second = await sf.callWithResponse('getInstallationCredentialIdentity');
    expect(second.status).toBe(200);
    // The window slides, so the first hint may be a little short: the SDK then waits again.
    const statuses = sent.map((s) => s.status);
    expect(statuses.slice(0, 2)).toEqual([200, 429]);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.slice(1, -1).every((status) => status === 429)).toBe(true);
    for (let i = 1; i < sent.length - 1; i++) {
      expect(Number(sent[i]!.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(sent[i + 1]!.at - sent[i]!.at).toBeGreaterThanOrEqual(Number(sent[i]!.retryAfter) * 1000);
    }

    // A caller who wants no wait gets the 429 itself, with the server's hint.
    const err = await rejection(sf.getInstallationCredentialIdentity({ retry: false }));
    expect(err).toMatchObject({ code: 'rate_limited', status: 429, retryable: true });
    expect(err.details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(err.headers.get('retry-after')).toBe(String(err.details?.retryAfterSeconds));
  });

  it('retries a write whose answer was lost with the same Idempotency-Key, and gets the first outcome replayed', async () => {
    let lost: unknown;
    const flaky = recorded(async (request) => {
      const response = await routeFetch(request);
      if (lost === undefined) {
        lost = await response.json();
        throw new TypeError('fetch failed: socket hang up');
      }
      return response;
    });
    const result = await client(demoKey, flaky.fetch).callWithResponse('createPublicCart', { body: { market: 'US', locale: 'en-US' } });
    expect(result.replayed).toBe(true);
    expect(result.headers.get('idempotent-replayed')).toBe('true');
    expect({ data: result.data }).toEqual(lost);
    expect(flaky.sent).toHaveLength(2);
    expect(result.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(flaky.sent.map((s) => s.idempotencyKey)).toEqual([result.idempotencyKey, result.idempotencyKey]);
    const carts = await (await getDb()).cart.count({ where: { id: result.data.id } });
    expect(carts).toBe(1);
  });

  it('replays a caller’s own key, and refuses it for another request with a typed 409', async () => {
    const sf = client(demoKey);
    const idempotencyKey = `sdk-test-${randomBytes(6).toString('hex')}`;
    const first = await sf.callWithResponse('createPublicCart', { body: { market: 'US' }, idempotencyKey });
    const again = await sf.callWithResponse('createPublicCart', { body: { market: 'US' }, idempotencyKey });
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.data.id).toBe(first.data.id);
    await expect(sf.createPublicCart({ body: { market: 'US', locale: 'en-US' }, idempotencyKey })).rejects.toMatchObject({
      code: 'idempotency_key_reused',
      status: 409,
    });
  });
});

describe('webhooks', () => {
  it('verifies the signature fixture’s valid vector with the endpoint’s secret and rejects every negative one', async () => {
    const fixture = await client(demoKey).getInstallationWebhookSignatureFixture({ path: { id: webhookEndpointId } });
    expect(fixture.vectors.map((v) => v.name)).toEqual(['valid', 'tampered_body', 'stale_timestamp', 'wrong_secret']);
    for (const vector of fixture.vectors) {
      const verify = () => verifyWebhook({ payload: vector.body, headers: vector.headers, secret: webhookSecret });
      if (vector.expected === 'valid') {
        const event = verify();
        expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
        expect(event.type).toBe(JSON.parse(vector.body).type);
        if (event.type === 'checkout.session.completed') expectTypeOf(event.data.orderNumber).toEqualTypeOf<string>();
      } else {
        expect(verify, vector.name).toThrow(WebhookVerificationError);
      }
    }
    const valid = fixture.vectors[0]!;
    // Raw bytes and a Headers object work too, and a rotation's old secret beside the new one.
    expect(verifyWebhook({ payload: new TextEncoder().encode(valid.body), headers: new Headers(valid.headers), secret: ['whsec_b2xk', webhookSecret] }).type).toBeTruthy();
  });
});

describe('DPoP-bound OAuth tokens', () => {
  async function tokens() {
    const app = await testClient();
    const seeded = await seedCode(app, { scopes: ['catalog:read'] });
    const keyPair = await generateDpopKeyPair();
    const { sent, fetch } = recorded();
    const oauth = createStorefrontClient({ baseUrl: BASE, dpop: { keyPair }, fetch });
    const token = await oauth.exchangeOAuthToken({
      body: { grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: app.clientId },
    });
    return { app, keyPair, token, sent };
  }

  it('exchanges a code at the token endpoint, signing again with the server’s nonce when it asks', async () => {
    const { token, sent } = await tokens();
    expect(token.token_type).toBe('DPoP');
    expect(sent.map((s) => s.status)).toEqual([400, 200]);
    expect(sent[0]!.idempotencyKey).toBe(sent[1]!.idempotencyKey);
  });

  it('calls API-key operations with Authorization: DPoP and a proof carrying ath', async () => {
    const { app, keyPair, token } = await tokens();
    const sf = createStorefrontClient({ baseUrl: BASE, dpop: { keyPair, accessToken: token.access_token }, fetch: routeFetch });
    const identity = await sf.getInstallationCredentialIdentity();
    expect(identity.credential).toMatchObject({
      type: 'oauth_access_token',
      clientId: app.clientId,
      dpopJkt: await calculateJwkThumbprint(await exportJWK(keyPair.publicKey), 'sha256'),
    });
    const cart = await sf.createPublicCart({ body: { market: 'US' } });
    expect(cart.state).toBe('active');
  });

  it('a token with a proof by another key is a typed 401', async () => {
    const { token } = await tokens();
    const thief = createStorefrontClient({ baseUrl: BASE, dpop: { keyPair: await generateDpopKeyPair(), accessToken: token.access_token }, fetch: routeFetch });
    await expect(thief.getInstallationCredentialIdentity()).rejects.toMatchObject({ code: 'authentication_required', status: 401 });
  });
});
