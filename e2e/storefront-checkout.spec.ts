import { readFileSync } from 'node:fs';
import { expectAxeClean } from './axe';
import { type APIRequestContext, expect, type Page, test } from './test';
import { E2E_EXPIRED_SESSION_ID, e2eDemoFile } from './demo-file';
import { screenshot } from './screenshots';

/**
 * The shopper's whole journey through the storefront: product page -> add to cart -> cart page
 * (quantity, address) -> hosted checkout -> payment -> confirmation, and then the merchant's
 * view of the session through the API (op 5) with the store's first-party key from the e2e
 * seed. Desktop and phone, English and Chinese; every page state is screenshotted under the
 * test output directory and checked with axe.
 */

async function shot(page: Page, name: string) {
  await screenshot(page, test.info().outputPath(`${name}.png`));
}

/** The store's first-party API key (test mode) the e2e seed wrote for this server. */
function storefrontKey(baseURL: string, store: string): string {
  const info = JSON.parse(readFileSync(e2eDemoFile(baseURL), 'utf8')) as { storefrontInstallations: { merchant: string; key: string }[] };
  return info.storefrontInstallations.find((s) => s.merchant === store)!.key;
}

async function sessionViaApi(request: APIRequestContext, baseURL: string, store: string, sessionId: string) {
  const res = await request.get(`/api/v1/open/hosted/checkout/sessions/${sessionId}`, { headers: { authorization: `Bearer ${storefrontKey(baseURL, store)}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

function watchOtherHosts(page: Page, baseURL: string): string[] {
  const external: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith('data:') && new URL(url).origin !== new URL(baseURL).origin) external.push(url);
  });
  return external;
}

async function addToCart(page: Page, productPath: string, addedText: RegExp) {
  await page.goto(productPath);
  const add = page.getByTestId('add-to-cart');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByTestId('add-to-cart-status')).toHaveText(addedText);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
}

const sessionIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

test('en-US desktop: product -> cart (quantity, address) -> declined card -> success card -> confirmation; op 5 shows the order', async ({ page, request, baseURL }) => {
  const external = watchOtherHosts(page, baseURL!);

  await page.goto('/stores/lumen-audio/cart');
  await expect(page.locator('main[data-cart-state="empty"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'cart-empty-en');

  await addToCart(page, '/stores/lumen-audio/products/aurora-wireless-earbuds-pro', /^Added to your cart \(1 item in it\)/);
  await shot(page, 'product-added-en');
  await page.getByTestId('add-to-cart-status').getByRole('link', { name: 'View cart' }).click();

  await expect(page).toHaveURL(/\/stores\/lumen-audio\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  const unit = await page.getByTestId('cart-subtotal').textContent();
  // Two units: the subtotal doubles, the header counts two.
  await page.getByTestId('line-quantity').fill('2');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const parse = (s: string | null) => Number(s!.replace(/[^0-9.]/g, ''));
  expect(parse(await page.getByTestId('cart-subtotal').textContent())).toBeCloseTo(parse(unit) * 2, 2);
  await expect(page.getByTestId('checkout-blocked')).toHaveText('Enter a shipping address first.');
  await expect(page.getByTestId('checkout')).toBeDisabled();

  // A wrong ZIP is refused by the cart service and marked on its field.
  await page.getByLabel('Full name').fill('Avery Quinn');
  await page.getByLabel('Street address').fill('500 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State (two letters, e.g. CA)').fill('CA');
  await page.getByLabel('ZIP code').fill('9410');
  await page.getByTestId('save-address').click();
  await expect(page.getByTestId('address-error')).toHaveText('Check the fields marked below.');
  await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('ZIP code').fill('94105');
  await page.getByTestId('save-address').click();
  await expect(page.getByTestId('address-saved')).toHaveText('Shipping to: San Francisco, CA 94105');
  // US: sales tax is added on top once the address is known.
  await expect(page.getByTestId('cart-tax')).not.toHaveText('—');
  await expect(page.locator('main[data-cart-state="ready"]')).toBeVisible();
  const total = (await page.getByTestId('cart-total').textContent())!;
  await expectAxeClean(page);
  await shot(page, 'cart-lines-en');

  await page.getByTestId('checkout').click();
  await expect(page).toHaveURL(/\/checkout\/cs_[A-Za-z0-9_-]{32}$/);
  const sessionId = sessionIdOf(page);
  await expect(page.locator('main[data-state="open_review"]')).toBeVisible();
  await expect(page.getByTestId('co-total')).toHaveText(total);
  await expect(page.getByText(/Avery · San Francisco/)).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'checkout-open-en');

  await page.getByLabel('E-mail for your receipt').fill('Avery.Quinn@Example.com');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('co-receipt-email')).toHaveText('Receipt to: A***@example.com');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.locator('main[data-state="declined"]')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'checkout-declined-en');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  const pay = page.getByRole('button', { name: `Pay ${total}` });
  await pay.click();
  // The processing screen lasts as long as the request; it is kept when it is caught.
  if (await page.locator('main[data-state="processing"]').isVisible().catch(() => false)) await shot(page, 'checkout-processing-en');
  await expect(page.locator('main[data-state="completed"]')).toBeVisible();
  const orderNumber = (await page.getByTestId('co-order-number').textContent())!;
  expect(orderNumber).toMatch(/^SO-\d{8}-[0-9A-Z]{6}$/);
  await expectAxeClean(page);
  await shot(page, 'checkout-completed-en');

  const session = await sessionViaApi(request, baseURL!, 'lumen-audio', sessionId);
  expect(session).toMatchObject({ id: sessionId, state: 'completed', orderNumber, payment: { status: 'paid' }, livemode: false });
  expect(session.orderId).toMatch(/^[0-9a-f-]{36}$/);
  expect(session.quote.total.amount).toBeGreaterThan(0);
  expect(session.quote.lines[0].quantity).toBe(2);

  // Back to the store: the cart is done, the next visit starts an empty one.
  await page.getByRole('button', { name: 'Back to the store' }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/lumen-audio\\?locale=en-US&session_id=${sessionId}$`));
  await page.goto('/stores/lumen-audio/cart');
  await expect(page.locator('main[data-cart-state="empty"]')).toBeVisible();
  expect(external).toEqual([]);
});

test('en-US desktop: cancel the checkout and return to the cart, which is editable again', async ({ page, request, baseURL }) => {
  await addToCart(page, '/stores/lumen-audio/products/aurora-wireless-earbuds-pro', /^Added to your cart/);
  await page.goto('/stores/lumen-audio/cart');
  await page.getByLabel('Full name').fill('Sam Park');
  await page.getByLabel('Street address').fill('1 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State (two letters, e.g. CA)').fill('TX');
  await page.getByLabel('ZIP code').fill('73301');
  await page.getByTestId('save-address').click();
  await expect(page.getByTestId('address-saved')).toBeVisible();
  await page.getByTestId('checkout').click();
  await expect(page.locator('main[data-state="open_review"]')).toBeVisible();
  const sessionId = sessionIdOf(page);

  // Back to the cart with the browser's back button while the checkout is open: it can be resumed or left.
  await page.goBack();
  await page.reload();
  await expect(page.locator('main[data-cart-state="checking_out"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Resume checkout' })).toHaveAttribute('href', `/checkout/${sessionId}`);
  await expectAxeClean(page);
  await shot(page, 'cart-checking-out-en');
  await page.getByRole('link', { name: 'Resume checkout' }).click();

  await page.getByRole('button', { name: 'Cancel and return to the store' }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/lumen-audio/cart\\?locale=en-US&session_id=${sessionId}$`));
  await expect(page.locator('main[data-cart-state="ready"]')).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('line-quantity')).toBeEnabled();
  expect(await sessionViaApi(request, baseURL!, 'lumen-audio', sessionId)).toMatchObject({ state: 'cancelled', orderId: null });

  await page.goto(`/checkout/${sessionId}`);
  await expect(page.locator('main[data-state="cancelled"]')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'checkout-cancelled-en');

  // Remove the line: the cart is empty again.
  await page.goto('/stores/lumen-audio/cart');
  await page.getByRole('button', { name: /^Remove / }).click();
  await expect(page.locator('main[data-cart-state="empty"]')).toBeVisible();
});

test('an expired checkout shows its own page', async ({ page }) => {
  await page.goto(`/checkout/${E2E_EXPIRED_SESSION_ID}`);
  await expect(page.locator('main[data-state="expired"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This checkout has expired' })).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'checkout-expired-en');
});

test('an unknown checkout is a 404 with the page in both languages', async ({ page }) => {
  const res = await page.goto('/checkout/cs_NoSuchSessionNoSuchSessionNoSuch01');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Checkout not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '找不到该结账页面' })).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'checkout-not-found-en');
});

test.describe('on a phone, in Chinese', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('zh-CN: product -> cart -> CN address -> bank transfer places the order pending_payment; op 5 shows it', async ({ page, request, baseURL }) => {
    const external = watchOtherHosts(page, baseURL!);
    await page.goto('/stores/huaxia-digital/cart');
    await expect(page.getByRole('heading', { name: '购物车是空的' })).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'cart-empty-zh-mobile');

    await addToCart(page, '/stores/huaxia-digital/products/wireless-bluetooth-earbuds-pro', /^已加入购物车（共 1 件）/);
    await page.getByTestId('cart-link').click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByLabel('收货人').fill('李雷');
    await page.getByLabel('手机号码').fill('139 1234 5678');
    await page.getByLabel('省份').fill('浙江');
    await page.getByLabel('城市').fill('杭州市');
    await page.getByLabel('区县').fill('西湖区');
    await page.getByLabel('详细地址').fill('文三路 90 号 5 楼');
    await page.getByTestId('save-address').click();
    await expect(page.getByTestId('address-saved')).toHaveText('配送至：浙江省杭州市');
    // CN: prices include VAT; no tax line is added.
    await expect(page.getByTestId('cart-tax-note')).toContainText('价格已含税');
    await expect(page.getByTestId('cart-tax')).toHaveCount(0);
    await expectAxeClean(page);
    await shot(page, 'cart-lines-zh-mobile');

    await page.getByTestId('checkout').click();
    await expect(page.locator('main[data-state="open_review"]')).toBeVisible();
    const sessionId = sessionIdOf(page);
    await expect(page.getByText('李* · 杭州市 · 手机尾号 5678')).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'checkout-open-zh-mobile');
    // The storefront opens its sessions without an e-mail: the review step asks for it, and refuses
    // a missing or malformed one beside the field, in Chinese.
    const email = page.getByLabel('接收订单凭证的电子邮箱');
    await page.getByRole('button', { name: '去付款' }).click();
    await expect(page.getByTestId('co-email-error')).toHaveText('请填写电子邮箱。');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('li.lei@163');
    await page.getByRole('button', { name: '去付款' }).click();
    await expect(page.getByTestId('co-email-error')).toHaveText('请填写有效的电子邮箱，例如 name@example.com。');
    await expect(page.locator('main[data-state="open_review"]')).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'checkout-email-error-zh-mobile');
    await email.fill(' Li.Lei@163.COM ');
    await page.getByRole('button', { name: '去付款' }).click();
    await expect(page.locator('main[data-state="open_payment"]')).toBeVisible();
    await expect(page.getByTestId('co-receipt-email')).toHaveText('凭证邮箱: L***@163.com');
    await page.getByLabel('银行转账或货到付款').check();
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(page.locator('main[data-state="completed"]')).toBeVisible();
    await expect(page.getByText('订单等待付款。')).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'checkout-manual-completed-zh-mobile');

    const session = await sessionViaApi(request, baseURL!, 'huaxia-digital', sessionId);
    expect(session).toMatchObject({ state: 'completed', payment: { status: 'pending' }, email: 'Li.Lei@163.com' });
    expect(session.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(external).toEqual([]);
  });

  test('zh-CN: the not-found and expired pages on a phone', async ({ page }) => {
    const res = await page.goto('/checkout/cs_NoSuchSessionNoSuchSessionNoSuch02');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '找不到该结账页面' })).toBeVisible();
    await shot(page, 'checkout-not-found-mobile');
    await page.goto(`/checkout/${E2E_EXPIRED_SESSION_ID}`);
    await expect(page.locator('main[data-state="expired"]')).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'checkout-expired-mobile');
  });
});

test.describe('the cart, more states', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the cart cookie is HttpOnly, SameSite=Lax and scoped to its store; another store has its own cart', async ({ page, context }) => {
    await addToCart(page, '/stores/lumen-audio/products/aurora-wireless-earbuds-pro', /^Added to your cart/);
    const cookies = (await context.cookies()).filter((c) => c.name === 'sf_cart');
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/stores/lumen-audio' });
    expect(cookies[0]!.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => document.cookie)).not.toContain('sf_cart');
    // A cart id of this store sent to another store's pages is no cart there.
    await context.addCookies([{ ...cookies[0]!, path: '/stores/huaxia-digital' }]);
    await page.goto('/stores/huaxia-digital/cart');
    await expect(page.locator('main[data-cart-state="empty"]')).toBeVisible();
    // A forged id is no cart either.
    await context.addCookies([{ ...cookies[0]!, value: '00000000-0000-4000-8000-000000000000' }]);
    await page.goto('/stores/lumen-audio/cart');
    await expect(page.locator('main[data-cart-state="empty"]')).toBeVisible();
  });

  test('a line short of stock is marked and blocks checkout until it is removed', async ({ page, request, baseURL }) => {
    // A SKU no other journey buys: the White earbuds.
    const product = await (await request.get('/api/v1/catalog/merchants/lumen-audio/products/aurora-wireless-earbuds-pro')).json();
    const white = product.data.skus.find((s: { optionValues: Record<string, string>; available: boolean }) => s.optionValues.color === 'White' && s.available);
    expect(white).toBeTruthy();
    await page.goto(`/stores/lumen-audio/products/aurora-wireless-earbuds-pro?sku=${white.id}`);
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('add-to-cart-status')).toHaveText(/^Added to your cart/);

    // Another app's checkouts take every remaining unit (their sessions reserve the stock).
    const info = JSON.parse(readFileSync(e2eDemoFile(baseURL!), 'utf8'));
    const auth = { authorization: `Bearer ${info.apiKeys.keys[0].key}` };
    const sessions: string[] = [];
    for (let i = 0; i < 10; i++) {
      const key = `e2e-stock-${Date.now()}-${i}`;
      const cart = await request.post('/api/v1/open/storefront/carts', { headers: { ...auth, 'idempotency-key': `${key}-c` }, data: { market: 'US', items: [{ skuId: white.id, quantity: 20 }] } });
      if (cart.status() === 409) break;
      expect(cart.status()).toBe(200);
      const cartId = (await cart.json()).data.id;
      const address = await request.put(`/api/v1/open/storefront/carts/${cartId}/address`, {
        headers: { ...auth, 'idempotency-key': `${key}-a` },
        data: { address: { country: 'US', recipient: 'Other Shopper', line1: '2 Main Street', city: 'Austin', state: 'TX', postalCode: '73301' } },
      });
      const session = await request.post('/api/v1/open/hosted/checkout/sessions', {
        headers: { ...auth, 'idempotency-key': `${key}-s` },
        data: { cartId, addressToken: (await address.json()).data.addressToken, returnUrl: 'https://merchant.example/thanks', cancelUrl: 'https://merchant.example/cart' },
      });
      expect(session.status()).toBe(200);
      sessions.push((await session.json()).data.id);
    }
    expect(sessions.length).toBeGreaterThan(0);

    try {
      await page.goto('/stores/lumen-audio/cart');
      await expect(page.locator('main[data-cart-state="attention"]')).toBeVisible();
      await expect(page.getByTestId('line-problem')).toHaveText('Sold out: remove this item.');
      await expect(page.getByTestId('checkout')).toBeDisabled();
      await expectAxeClean(page);
      await shot(page, 'cart-out-of-stock-en');
      await page.getByRole('button', { name: /^Remove / }).click();
      await expect(page.locator('main[data-cart-state="empty"]')).toBeVisible();
    } finally {
      // Give the units back (op 30) so nothing else runs short.
      for (const id of sessions) await request.post(`/api/v1/hosted/checkout/${id}/cancel`, { headers: { 'idempotency-key': `e2e-release-${id}` }, data: {} });
    }
  });

  test('without JavaScript: add to cart and change the quantity with plain forms', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/stores/lumen-audio/products/aurora-wireless-earbuds-pro');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('add-to-cart-status')).toHaveText(/^Added to your cart/);
    await page.goto('/stores/lumen-audio/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByTestId('line-quantity').fill('3');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    await context.close();
  });

  test('a shopper whose checkout expired finds the cart again, editable', async ({ page, context, baseURL }) => {
    const info = JSON.parse(readFileSync(e2eDemoFile(baseURL!), 'utf8'));
    // The cart of the seeded expired session, as if this browser had started that checkout.
    await context.addCookies([{ name: 'sf_cart', value: info.e2e.expiredSessionCartId, url: `${baseURL}/stores/lumen-audio`, httpOnly: true, sameSite: 'Lax' }]);
    await page.goto('/stores/lumen-audio/cart');
    await expect(page.locator('main[data-cart-state="ready"]')).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('address-saved')).toHaveText('Shipping to: San Francisco, CA 94111');
    await expect(page.getByTestId('checkout')).toBeEnabled();
    await page.goto(`/checkout/${E2E_EXPIRED_SESSION_ID}`);
    await expect(page.locator('main[data-state="expired"]')).toBeVisible();
  });

  test('a protected store: the cart is behind its access page', async ({ page }) => {
    await page.goto('/stores/maison-atelier/cart');
    await expect(page).toHaveURL(/\/stores\/maison-atelier\/access\?next=%2Fstores%2Fmaison-atelier%2Fcart$/);
    await page.getByLabel('Store password', { exact: true }).fill('atelier-members-2026');
    await page.getByRole('button', { name: 'Enter the store' }).click();
    await expect(page).toHaveURL(/\/stores\/maison-atelier\/cart$/);
    await expect(page.locator('main[data-cart-state="empty"]')).toBeVisible();
  });
});
