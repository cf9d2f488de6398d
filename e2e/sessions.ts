import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { e2eDemoFile } from './demo-file';
import { type APIRequestContext, expect } from './test';

/** The demo's shoppers, as the seed's demo sessions have them (lib/demo/checkout.ts). */
const addresses = {
  US: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' },
  CN: { country: 'CN', recipient: '王小明', phone: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南路 18 号 3 栋 1201' },
} as const;

/** The e-mail the seed's demo session (US) carries; its Chinese and second English ones have none. */
const emails = { US: 'jordan.lee@example.com', CN: undefined } as const;

/**
 * A new open hosted checkout session of lumen-audio, shaped like the seed's demo sessions (one unit
 * of the first Aurora earbuds variant, the demo shopper's address and e-mail, merchant.example
 * return and cancel URLs), opened through the API as an app would; `email: null` opens one without
 * an e-mail, which the page then asks for. A journey that pays or cancels works on its
 * own session, so a retry of it starts from an open one again.
 */
export async function openCheckoutSession(request: APIRequestContext, baseURL: string, market: 'US' | 'CN', options: { email?: string | null } = {}): Promise<string> {
  const email = options.email === undefined ? emails[market] : (options.email ?? undefined);
  const info = JSON.parse(readFileSync(e2eDemoFile(baseURL), 'utf8')) as { apiKeys: { keys: { name: string; key: string }[] } };
  const auth = { authorization: `Bearer ${info.apiKeys.keys.find((k) => k.name === 'demo-all-scopes')!.key}` };
  const key = `e2e-session-${randomUUID()}`;
  const product = await (await request.get('/api/v1/catalog/merchants/lumen-audio/products/aurora-wireless-earbuds-pro')).json();
  const cart = await request.post('/api/v1/open/storefront/carts', {
    headers: { ...auth, 'idempotency-key': `${key}-cart` },
    data: { market, locale: market === 'CN' ? 'zh-CN' : 'en-US', items: [{ skuId: product.data.skus[0].id, quantity: 1 }] },
  });
  expect(cart.status()).toBe(200);
  const cartId = (await cart.json()).data.id;
  const address = await request.put(`/api/v1/open/storefront/carts/${cartId}/address`, {
    headers: { ...auth, 'idempotency-key': `${key}-address` },
    data: { address: addresses[market] },
  });
  expect(address.status()).toBe(200);
  const session = await request.post('/api/v1/open/hosted/checkout/sessions', {
    headers: { ...auth, 'idempotency-key': `${key}-session` },
    data: { cartId, addressToken: (await address.json()).data.addressToken, returnUrl: 'https://merchant.example/thanks', cancelUrl: 'https://merchant.example/cart', ...(email ? { email } : {}) },
  });
  expect(session.status()).toBe(200);
  return (await session.json()).data.id as string;
}
