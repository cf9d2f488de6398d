/**
 * The browser journeys' Alipay test account (run by scripts/e2e-server.ts after the seed, when it
 * started the lane's fake Alipay gateway): the CN demo store (huaxia-digital) gets the fake's app
 * as its test-mode Alipay app, and a test API key of its own to open CNY checkout sessions with
 * (returning to https://merchant.example), and a CNY session of that key on the payment step
 * whose time ran out (its expiry moved into the past, as e2e-seed.ts does for lumen-audio's); these,
 * and the fake's app (app id and keys, for a journey that enters them in Settings -> Payments), go
 * to e2eAlipayFile(PUBLIC_BASE_URL) for the journeys. No call reaches the fake here: it answers from
 * the lane server's script, which waits for this one.
 *
 *   tsx --conditions=react-server scripts/e2e-alipay.ts <fake-keys.json> <fake-url>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createPublicCart } from '../lib/carts/create-public-cart';
import { setPublicCartAddress } from '../lib/carts/set-public-cart-address';
import { e2eAlipayFile } from '../e2e/demo-file';
import { getMerchantOrThrow } from '../lib/catalog/merchants';
import { continueHostedCheckoutBrowser } from '../lib/checkout/browser-steps';
import { createHostedCheckoutSession } from '../lib/checkout/create-hosted-checkout-session';
import { saveAlipayAccount } from '../lib/checkout/payments/settings';
import { allowReturnOrigin } from '../lib/checkout/return-urls';
import { createServiceContext } from '../lib/core/context';
import { authenticateApiKey } from '../lib/credentials/authenticate-api-key';
import { closeDb, getDb } from '../lib/db/client';
import { config, exitOnInvalidConfig } from '../lib/platform/config';
import { createTestCredential } from '../tests/helpers/keys';
import type { FakeAlipayKeys } from '../tests/helpers/fake-alipay';

exitOnInvalidConfig();
const [keysFile, fakeUrl] = process.argv.slice(2);
if (!keysFile || !fakeUrl) throw new Error('usage: e2e-alipay.ts <fake-keys.json> <fake-url>');
const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as FakeAlipayKeys;
const db = await getDb();
const store = await getMerchantOrThrow(db, 'huaxia-digital');
await saveAlipayAccount(createServiceContext({ db, requestId: 'e2e_seed_alipay' }), store.id, {
  mode: 'test',
  appId: keys.appId,
  appPrivateKey: keys.appPrivateKey,
  alipayPublicKey: keys.alipayPublicKey,
});
const cred = await createTestCredential({ merchantSlug: 'huaxia-digital', scopes: ['catalog:read', 'checkout:quote', 'checkout:write', 'orders:read'], app: 'e2e-alipay' });
// The journeys' sessions return to the same placeholder merchant site as the demo's (e2e/sessions.ts).
await allowReturnOrigin(db, cred.installationId, 'https://merchant.example');

const principal = await authenticateApiKey(db, cred.key, new Date());
if (!principal) throw new Error('the e2e Alipay key does not authenticate');
const ctx = createServiceContext({ db, requestId: 'e2e_seed_alipay_expired', principal });
const sku = await db.sku.findFirstOrThrow({ where: { product: { merchantId: store.id, status: 'active', kind: 'physical' }, stock: { gt: 2 }, prices: { some: { currency: 'CNY' } } }, orderBy: { id: 'asc' } });
const cart = await createPublicCart(ctx, { market: 'CN', locale: 'zh-CN', items: [{ skuId: sku.id, quantity: 1 }] });
const address = { country: 'CN', recipient: '李雷', phone: '13900139000', province: '北京市', city: '北京市', district: '朝阳区', detail: '建国路 88 号' } as const;
const { addressToken } = await setPublicCartAddress(ctx, { cartId: cart.id, address });
const expired = await createHostedCheckoutSession(ctx, { cartId: cart.id, addressToken, returnUrl: 'https://merchant.example/thanks', cancelUrl: 'https://merchant.example/cart', email: 'li.lei@example.com' });
await continueHostedCheckoutBrowser(createServiceContext({ db, requestId: 'e2e_seed_alipay_expired' }), { sessionId: expired.id, body: { step: 'review' } });
await db.checkoutSession.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });

const app = { appId: keys.appId, appPrivateKey: keys.appPrivateKey, alipayPublicKey: keys.alipayPublicKey };
writeFileSync(e2eAlipayFile(config().PUBLIC_BASE_URL!), JSON.stringify({ apiKey: cred.key, fakeUrl, app, expiredSessionId: expired.id }), { mode: 0o600 });
await closeDb();
console.log(`e2e Alipay: huaxia-digital pays with the fake gateway at ${fakeUrl}`);
