import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expectAxeClean } from './axe';
import { e2eAlipayFile } from './demo-file';
import { signedIn } from './merchant';
import { type APIRequestContext, expect, PAGE_BUDGET_MS, type Page, test } from './test';
import { screenshot } from './screenshots';

/**
 * A CN shopper pays with Alipay on the CN demo store (huaxia-digital, test mode): the lane's strict
 * fake Alipay gateway (scripts/e2e-server.ts) holds the store's test app. The page shows the QR
 * code drawn on this server; the fake "scans" it and sends the signed notification twice, as
 * Alipay may; the page moves to the confirmation by itself, and exactly one order exists. On a
 * phone the page opens the Alipay app (the signed wap.pay link) instead; a trade Alipay closes
 * unpaid and a session whose time ran out have their own states. A merchant enters, tests and
 * removes an Alipay app in Settings -> Payments.
 */

const CN_ADDRESS = { country: 'CN', recipient: '王小明', phone: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南路 18 号 3 栋 1201' };

type Lane = { apiKey: string; fakeUrl: string; app: { appId: string; appPrivateKey: string; alipayPublicKey: string }; expiredSessionId: string };

function lane(baseURL: string): Lane {
  return JSON.parse(readFileSync(e2eAlipayFile(baseURL), 'utf8')) as Lane;
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
  await screenshot(page, test.info().outputPath(`${name}.png`));
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

  // The page moves to the confirmation by itself: its next poll (every 2 s) sees the order, then the
  // confirmation loads. That load is a page's budget (a fresh-clone CI run, its lanes just started,
  // was still on the Alipay page after 10 s, the poll having answered at once).
  await expect(page).toHaveURL(new RegExp(`/checkout/${session}$`), { timeout: 2_000 + PAGE_BUDGET_MS });
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

test('on a phone the Alipay page opens the Alipay app (wap.pay), not the QR; a trade Alipay closes unpaid fails, a session that ran out has ended', async ({ browser, request, baseURL }) => {
  const { apiKey, fakeUrl, expiredSessionId } = lane(baseURL!);
  const session = await openCnSession(request, apiKey, `li.${randomUUID().slice(0, 8)}@example.com`);
  // The checkout page's own steps (op 28): review, then Alipay.
  expect((await request.post(`/api/v1/hosted/checkout/${session}/continue`, { data: { step: 'review' } })).status()).toBe(200);
  const paying = await request.post(`/api/v1/hosted/checkout/${session}/continue`, { data: { step: 'payment', paymentMethod: 'alipay' } });
  expect(paying.status(), await paying.text()).toBe(200);
  const { payment, total } = (await paying.json()).data as { payment: { action: { qrCode: string } }; total: { amount: number } };

  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const page = await phone.newPage();
  await page.goto(`/checkout/${session}/alipay`);
  await expect(page.locator('main[data-state="alipay_waiting"]')).toBeVisible();
  // A phone cannot scan its own screen: the way into the Alipay app first, the QR code only on request.
  const open = page.getByTestId('alipay-open-app');
  await expect(open).toHaveText('打开支付宝付款');
  await expect(page.getByRole('img', { name: /^支付宝付款二维码/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '在电脑上付款？显示二维码' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(page);
  await shot(page, 'alipay-phone-zh');
  // The link is alipay.trade.wap.pay for this trade, signed: the gateway opens it with the amount.
  const wapPayUrl = (await open.getAttribute('href'))!;
  expect(new URL(wapPayUrl).searchParams.get('method')).toBe('alipay.trade.wap.pay');
  const wap = await request.get(wapPayUrl);
  expect(wap.status()).toBe(200);
  expect(await wap.text()).toContain(`¥${(total.amount / 100).toFixed(2)}`);

  // Alipay closes the trade unpaid and notifies: the page shows the failed state by itself.
  const trades = (await (await request.get(`${fakeUrl}/__control/trades`)).json()) as { outTradeNo: string; qrCode: string }[];
  const closed = await request.post(`${fakeUrl}/__control/close`, { data: { outTradeNo: trades.find((t) => t.qrCode === payment.action.qrCode)!.outTradeNo } });
  expect((await closed.json()).deliveries).toEqual([{ status: 200, body: 'success' }]);
  await expect(page.locator('main[data-state="alipay_failed"]')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('heading', { name: '支付宝付款未成功' })).toBeVisible();
  await expect(page.getByTestId('alipay-failed').getByRole('alert')).toHaveText('支付宝在付款完成前关闭了本次交易，未产生任何扣款。请返回选择其他付款方式。');
  await expectAxeClean(page);
  await shot(page, 'alipay-failed-phone-zh');
  // Back on the payment step, the closed trade's Alipay is no longer offered; the other methods are.
  await page.getByRole('link', { name: '返回选择付款方式' }).click();
  await expect(page.locator('main[data-state="open_payment"]')).toBeVisible();
  await expect(page.getByRole('radio', { name: '支付宝' })).toHaveCount(0);
  await expect(page.getByRole('radio')).not.toHaveCount(0);

  // A session whose time ran out while it waited for Alipay.
  await page.goto(`/checkout/${expiredSessionId}/alipay`);
  await expect(page.locator('main[data-state="alipay_expired"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: '本次结账已结束' })).toBeVisible();
  await expect(page.getByTestId('alipay-open-app')).toHaveCount(0);
  await expectAxeClean(page);
  await shot(page, 'alipay-expired-phone-zh');
  await phone.close();
});

test('Settings -> Payments: a merchant enters an Alipay test app, a bad field is refused beside it, the connection test passes, then removes it', async ({ browser, baseURL }) => {
  const { app } = lane(baseURL!);
  // lumen-audio (US, Pacific time), so huaxia-digital's app, which the checkouts above pay with, stays as it is.
  const { context, page } = await signedIn(browser, baseURL!, 'lumen-audio');
  await page.goto('/merchant/lumen-audio/settings/payments');
  const card = page.getByTestId('alipay-test');
  // A retry finds the app its failed attempt saved (the lane's data outlives a test): start from none.
  if (await card.getByRole('button', { name: 'Remove keys' }).count()) await card.getByRole('button', { name: 'Remove keys' }).click();
  await expect(card).toContainText('No Alipay app saved: checkouts in this mode do not offer Alipay.');
  const form = card.getByRole('form', { name: 'Alipay Test mode' });
  const fill = async (appId: string, privateKey: string, publicKey: string) => {
    await form.getByLabel('App id (APPID)').fill(appId);
    await form.getByLabel('App private key (RSA2)').fill(privateKey);
    await form.getByLabel('Alipay public key').fill(publicKey);
    await form.getByRole('button', { name: 'Save changes' }).click();
  };

  // A short app id and the private key pasted where the Alipay public key goes: each error beside its field.
  await fill('12345', app.appPrivateKey, app.appPrivateKey);
  await expect(form.getByLabel('App id (APPID)')).toHaveAccessibleDescription('Enter the 16-digit app id of the Alipay app.');
  await expect(form.getByLabel('App id (APPID)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Alipay public key')).toHaveAccessibleDescription(/This is not an RSA2 public key\./);
  await expect(form.getByLabel('App private key (RSA2)')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('App id (APPID)')).toHaveValue('12345');
  await expectAxeClean(page);
  await shot(page, 'settings-alipay-error-en');

  await fill(app.appId, app.appPrivateKey, app.alipayPublicKey);
  await expect(card).toContainText(`App id ${app.appId}; app private key ending`);
  await expect(card).toContainText('Connection not checked since the keys were saved.');
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByRole('form', { name: 'Alipay Test connection (Test mode)' }).getByRole('status')).toHaveText('Alipay accepted the app id and its signature, and its answer was signed by the Alipay public key.');
  // When it was checked, in the store's own zone.
  await expect(card).toContainText(/Connection checked .+ \(Pacific (Standard|Daylight) Time\)\./);
  await shot(page, 'settings-alipay-saved-en');
  // On a phone the saved app's key and the notification URLs wrap inside their cards.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  await card.getByRole('button', { name: 'Remove keys' }).click();
  await expect(card).toContainText('No Alipay app saved: checkouts in this mode do not offer Alipay.');
  await expect(card.getByRole('button', { name: 'Test connection' })).toHaveCount(0);
  await context.close();
});
