import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expectAxeClean } from './axe';
import { e2eAlipayFile } from './demo-file';
import { type APIRequestContext, expect, type Page, test } from './test';

/**
 * A CN shopper pays with Alipay on the CN demo store (huaxia-digital, test mode): the lane's strict
 * fake Alipay gateway (scripts/e2e-server.ts) holds the store's test app. The page shows the QR
 * code drawn on this server; the fake "scans" it and sends the signed notification twice, as
 * Alipay may; the page moves to the confirmation by itself, and exactly one order exists.
 */

const CN_ADDRESS = { country: 'CN', recipient: '王小明', phone: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南路 18 号 3 栋 1201' };

function lane(baseURL: string): { apiKey: string; fakeUrl: string } {
  return JSON.parse(readFileSync(e2eAlipayFile(baseURL), 'utf8')) as { apiKey: string; fakeUrl: string };
}

/** A new CNY hosted checkout session of huaxia-digital, opened through the API as an app would. */
async function openCnSession(request: APIRequestContext, apiKey: string, email: string): Promise<string> {
  const auth = { authorization: `Bearer ${apiKey}` };
  const key = `e2e-alipay-${randomUUID()}`;
  const list = await (await request.get('/api/v1/catalog/merchants/huaxia-digital/products?market=CN&pageSize=10')).json();
  const product = await (await request.get(`/api/v1/catalog/merchants/huaxia-digital/products/${list.data[0].slug}?market=CN`)).json();
  const cart = await request.post('/api/v1/open/storefront/carts', {
    headers: { ...auth, 'idempotency-key': `${key}-cart` },
    data: { market: 'CN', locale: 'zh-CN', items: [{ skuId: product.data.skus[0].id, quantity: 1 }] },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const cartId = (await cart.json()).data.id;
  const address = await request.put(`/api/v1/open/storefront/carts/${cartId}/address`, { headers: { ...auth, 'idempotency-key': `${key}-address` }, data: { address: CN_ADDRESS } });
  expect(address.status()).toBe(200);
  const session = await request.post('/api/v1/open/hosted/checkout/sessions', {
    headers: { ...auth, 'idempotency-key': `${key}-session` },
    data: { cartId, addressToken: (await address.json()).data.addressToken, returnUrl: 'https://merchant.example/thanks', cancelUrl: 'https://merchant.example/cart', email },
  });
  expect(session.status(), await session.text()).toBe(200);
  return (await session.json()).data.id as string;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a CN shopper pays with Alipay: QR shown, the gateway notifies twice, the page moves on by itself, one order', async ({ page, request, baseURL }) => {
  const { apiKey, fakeUrl } = lane(baseURL!);
  // An e-mail of this run's own, to find the session's orders by.
  const email = `wang.${randomUUID().slice(0, 8)}@example.com`;
  const session = await openCnSession(request, apiKey, email);
  const external: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== new URL(baseURL!).origin && !r.url().startsWith('data:')) external.push(r.url());
  });
  await page.goto(`/checkout/${session}`);
  await expect(page.locator('main[data-state="open_review"]')).toBeVisible();
  await page.getByRole('button', { name: '去付款' }).click();
  await expect(page.locator('main[data-state="open_payment"]')).toBeVisible();
  await page.getByRole('radio', { name: '支付宝' }).check();
  await page.getByRole('button', { name: /^支付 / }).click();

  // The Alipay page: the trade's QR code, drawn as inline SVG on this server.
  await expect(page).toHaveURL(new RegExp(`/checkout/${session}/alipay$`));
  await expect(page.locator('main[data-state="alipay_waiting"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: '使用支付宝付款' })).toBeVisible();
  const qr = page.getByRole('img', { name: /^支付宝付款二维码/ });
  await expect(qr).toBeVisible();
  const qrText = await qr.getAttribute('data-qr-text');
  expect(qrText).toMatch(/^https:\/\/qr\.alipay\.com\//);
  await expect(page.getByTestId('alipay-waiting')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'alipay-qr-zh');

  // The shopper scans and pays; Alipay notifies, and again (a retry it may send). Each is answered `success`.
  const scanned = await request.post(`${fakeUrl}/__control/scan`, { data: { times: 2 } });
  expect(scanned.status()).toBe(200);
  const { deliveries, outTradeNo } = (await scanned.json()) as { outTradeNo: string; deliveries: { status: number; body: string }[] };
  expect(deliveries).toEqual([
    { status: 200, body: 'success' },
    { status: 200, body: 'success' },
  ]);
  const trades = (await (await request.get(`${fakeUrl}/__control/trades`)).json()) as { outTradeNo: string; qrCode: string; status: string }[];
  expect(trades.find((t) => t.outTradeNo === outTradeNo)).toMatchObject({ qrCode: qrText, status: 'TRADE_SUCCESS' });

  // The page moves to the confirmation by itself.
  await expect(page).toHaveURL(new RegExp(`/checkout/${session}$`), { timeout: 10_000 });
  await expect(page.locator('main[data-state="completed"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: '谢谢！订单已提交。' })).toBeVisible();
  await expect(page.getByText('已使用支付宝支付')).toBeVisible();
  const orderNumber = await page.getByTestId('co-order-number').textContent();
  expect(orderNumber).toMatch(/^SO-\d{8}-[0-9A-Z]{6}$/);
  await expectAxeClean(page);
  await shot(page, 'alipay-completed-zh');

  // Exactly one order for the session, whatever the second notification and the return did.
  const view = await request.post(`/api/v1/hosted/checkout/${session}/projection`, { data: {} });
  expect((await view.json()).data).toMatchObject({ state: 'completed', orderNumber, payment: { status: 'paid', method: 'alipay' } });
  const orders = await request.get(`/api/v1/open/merchant/orders?q=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(orders.status(), await orders.text()).toBe(200);
  expect(((await orders.json()).data as { number: string }[]).map((o) => o.number)).toEqual([orderNumber]);
  expect(external).toEqual([]);
});
