import { describe, expect, it } from 'vitest';
import { GET as openapiRoute } from '../app/api/v1/openapi.json/route';
import { errorCatalogue } from '../lib/core/errors';
import { openApiDocument } from '../lib/openapi/document';

type Auth = 'none' | 'oauth' | string[];
/** The 30 operations of the public interface, transcribed from the spec's Endpoints and Authentication tables. */
const spec: [number, string, string, string, 'stable' | 'candidate', Auth, 'required' | 'none'][] = [
  [1, 'getPublicStorefrontDecoration', 'GET', '/api/v1/storefront-decorations/merchants/{slug}', 'stable', 'none', 'none'],
  [2, 'updateInstallationWebhook', 'PATCH', '/api/v1/open/webhooks/endpoints/{id}', 'stable', ['webhooks:write'], 'required'],
  [3, 'getInstallationWebhookSignatureFixture', 'GET', '/api/v1/open/webhooks/endpoints/{id}/signature-fixture', 'stable', ['webhooks:read'], 'none'],
  [4, 'listInstallationWebhookEvents', 'GET', '/api/v1/open/webhooks/events', 'stable', ['webhooks:read'], 'none'],
  [5, 'getHostedCheckoutSession', 'GET', '/api/v1/open/hosted/checkout/sessions/{sessionId}', 'stable', ['catalog:read'], 'none'],
  [6, 'getInstallationCredentialIdentity', 'GET', '/api/v1/open/installation/identity', 'stable', [], 'none'],
  [7, 'quotePublicCartCheckout', 'GET', '/api/v1/open/storefront/carts/{cartId}/checkout-quote', 'candidate', ['checkout:quote'], 'none'],
  [8, 'getInstallationCredentialReadiness', 'GET', '/api/v1/open/installation/readiness', 'stable', [], 'none'],
  [9, 'updatePublicCartItemQuantity', 'PATCH', '/api/v1/open/storefront/carts/{cartId}/items/{skuId}', 'candidate', ['catalog:read'], 'required'],
  [10, 'cancelStorefrontOrder', 'POST', '/api/v1/open/storefront/orders/{orderId}/cancellations', 'candidate', ['catalog:read'], 'required'],
  [11, 'requestStorefrontOrderAfterSales', 'POST', '/api/v1/open/storefront/orders/{orderId}/after-sales', 'candidate', ['catalog:read'], 'required'],
  [12, 'addPublicCartItem', 'POST', '/api/v1/open/storefront/carts/{cartId}/items', 'candidate', ['catalog:read'], 'required'],
  [13, 'removePublicCartItem', 'DELETE', '/api/v1/open/storefront/carts/{cartId}/items/{skuId}', 'candidate', ['catalog:read'], 'required'],
  [14, 'setPublicCartAddress', 'PUT', '/api/v1/open/storefront/carts/{cartId}/address', 'candidate', ['checkout:quote'], 'required'],
  [15, 'listPublicMerchantProducts', 'GET', '/api/v1/catalog/merchants/{slug}/products', 'stable', 'none', 'none'],
  [16, 'searchPublicProducts', 'GET', '/api/v1/search', 'stable', 'none', 'none'],
  [17, 'getPublicMerchantProduct', 'GET', '/api/v1/catalog/merchants/{merchantSlug}/products/{productSlug}', 'stable', 'none', 'none'],
  [18, 'revokeOAuthToken', 'POST', '/api/v1/oauth/revoke', 'candidate', 'oauth', 'required'],
  [19, 'exchangeOAuthToken', 'POST', '/api/v1/oauth/token', 'candidate', 'oauth', 'required'],
  [20, 'createPublicCart', 'POST', '/api/v1/open/storefront/carts', 'candidate', ['catalog:read'], 'required'],
  [21, 'getPublicStoreSecurityConfig', 'GET', '/api/v1/public/store-access/{store}/config', 'stable', 'none', 'none'],
  [22, 'listPublicCategories', 'GET', '/api/v1/catalog/categories', 'stable', 'none', 'none'],
  [23, 'getPublicMerchant', 'GET', '/api/v1/catalog/merchants/{slug}', 'stable', 'none', 'none'],
  [24, 'getPublicBootstrap', 'GET', '/api/v1/bootstrap', 'stable', 'none', 'none'],
  [25, 'getPublicContact', 'GET', '/api/v1/public/contact', 'stable', 'none', 'none'],
  [26, 'getHostedCheckoutBrowserProjection', 'POST', '/api/v1/hosted/checkout/{sessionId}/projection', 'candidate', 'none', 'none'],
  [27, 'createStorefrontChallenge', 'POST', '/api/v1/public/store-access/{store}/challenges', 'stable', 'none', 'required'],
  [28, 'returnHostedCheckoutBrowser', 'POST', '/api/v1/hosted/checkout/{sessionId}/return', 'candidate', 'none', 'none'],
  [29, 'continueHostedCheckoutBrowser', 'POST', '/api/v1/hosted/checkout/{sessionId}/continue', 'candidate', 'none', 'none'],
  [30, 'cancelHostedCheckoutBrowser', 'POST', '/api/v1/hosted/checkout/{sessionId}/cancel', 'candidate', 'none', 'required'],
];

/** Operations whose spec row names a request schema (they declare a required body). */
const withBody = new Set([2, 9, 10, 11, 12, 13, 14, 18, 19, 20, 26, 27, 28, 29, 30]);

type Op = Record<string, any>;
const doc = openApiDocument() as Record<string, any>;
const ops: Op[] = Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ ...op, path, method: method.toUpperCase() })),
);

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and served at /api/v1/openapi.json', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const res = await openapiRoute();
    expect(res.status).toBe(200);
    expect((await res.json()).openapi).toBe('3.1.0');
  });

  it('gives every sidebar entry of the reference its own label (tags and the webhooks section)', () => {
    const labels = (doc.tags as { name: string; 'x-displayName'?: string }[]).map((t) => t['x-displayName'] ?? t.name);
    if (doc.webhooks) labels.push('Webhooks');
    expect(labels.length).toBe(new Set(labels).size);
    expect(new Set(ops.flatMap((o) => o.tags))).toEqual(new Set((doc.tags as { name: string }[]).map((t) => t.name)));
  });

  it('holds exactly the 30 operations of the spec (plus marked extensions)', () => {
    const ids = ops.filter((o) => !o['x-extension']).map((o) => o.operationId);
    expect(ids.sort()).toEqual(spec.map((s) => s[1]).sort());
  });

  it.each(spec)('#%i %s: method, path, stability, auth, scopes, idempotency, statuses', (n, id, method, path, stability, auth, idem) => {
    const op = ops.find((o) => o.operationId === id)!;
    expect(op).toBeDefined();
    expect(op.method).toBe(method);
    expect(op.path).toBe(path);
    expect(op['x-stability']).toBe(stability);
    expect(op['x-idempotency']).toBe(idem);
    if (auth === 'none') expect(op.security).toEqual([]);
    else if (auth === 'oauth') expect(op.security).toEqual([{ oauth2: [] }]);
    else {
      expect(op.security[0]).toEqual({ apiKey: auth });
      expect(op['x-required-scopes']).toEqual(auth);
    }
    const header = (op.parameters ?? []).find((p: any) => p.in === 'header' && p.name === 'Idempotency-Key');
    if (idem === 'required') expect(header?.required).toBe(true);
    else expect(header).toBeUndefined();
    const pathParams = (op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
    expect(pathParams.sort()).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
    for (const p of op.parameters ?? []) if (p.in === 'path') expect(p.required).toBe(true);
    if (withBody.has(n)) expect(op.requestBody?.required).toBe(true);
    else expect(op.requestBody).toBeUndefined();
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '429']);
    for (const status of ['400', '401', '403', '404', '409', '429']) {
      expect(op.responses[status].content['application/json'].schema.$ref).toBe('#/components/schemas/PublicErrorResponse');
    }
  });

  it('lists the error codes of each operation, each under the status it answers with', () => {
    for (const op of ops) {
      const codes: string[] = op['x-error-codes'];
      expect(codes, op.operationId).toEqual(expect.arrayContaining(['validation_failed', 'rate_limited']));
      for (const code of codes) {
        const status = String(errorCatalogue[code as keyof typeof errorCatalogue].status);
        expect(op.responses[status].description, `${op.operationId} ${code}`).toContain(`\`${code}\``);
      }
    }
  });

  it('declares the search parameters of the spec as required query parameters', () => {
    const op = ops.find((o) => o.operationId === 'searchPublicProducts')!;
    const q = Object.fromEntries((op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => [p.name, Boolean(p.required)]));
    expect(q).toEqual({ q: true, locale: true, market: true, category: false, merchant: false, sort: true, page: true, pageSize: true });
  });
});
