import { expectAxeClean } from './axe';
import { openCheckoutSession } from './sessions';
import { expect, type Page, test } from './test';
import { screenshot } from './screenshots';

/**
 * The shopper's hosted checkout page on a session shaped like the seeded demo one (US store, en-US,
 * test mode), each journey on a session of its own: review, a declined card, then the success
 * card, then the confirmation; and the not-found page on a phone. Each state is screenshotted
 * under the test output directory.
 */

async function shot(page: Page, name: string) {
  await screenshot(page, test.info().outputPath(`${name}.png`));
}

test('pay the demo session: review, declined card, success card, confirmation, back to the merchant', async ({ page, request, baseURL }) => {
  const session = await openCheckoutSession(request, baseURL!, 'US');
  const external: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== new URL(baseURL!).origin && !r.url().startsWith('data:')) external.push(r.url());
  });
  await page.goto(`/checkout/${session}`);
  await expect(page.locator('main[data-state="open_review"]')).toBeVisible();
  await expect(page.getByText('Test mode: no real money moves')).toBeVisible();
  await expect(page.getByText(/Jordan · San Francisco · phone ending 0134/)).toBeVisible();
  // The merchant opened this session with the shopper's e-mail: the page shows it masked and needs no other.
  await expect(page.getByText('The receipt goes to j***@example.com. Enter another address to change it.')).toBeVisible();
  const total = await page.getByTestId('co-total').textContent();
  await expectAxeClean(page);
  await shot(page, 'checkout-review-en');

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.locator('main[data-state="open_payment"]')).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await expectAxeClean(page);
  await shot(page, 'checkout-payment-en');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.locator('main[data-state="declined"]')).toBeVisible();
  await expect(page.locator('.co-error[role="alert"]')).toHaveText('Your card was declined. Try another card.');
  await expectAxeClean(page);
  await shot(page, 'checkout-declined-en');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Card number').press('Enter');
  await expect(page.locator('main[data-state="completed"]')).toBeVisible();
  await expect(page.getByTestId('co-order-number')).toHaveText(/^SO-\d{8}-[0-9A-Z]{6}$/);
  await expect(page.getByText('Paid with Visa •••• 4242')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'checkout-completed-en');

  // A reload shows the same confirmation: the session stays completed, no second charge.
  await page.reload();
  await expect(page.locator('main[data-state="completed"]')).toBeVisible();

  const back = page.waitForRequest((r) => r.url().startsWith('https://merchant.example/thanks'));
  await page.route('https://merchant.example/**', (route) => route.fulfill({ status: 200, body: 'merchant' }));
  await page.getByRole('button', { name: 'Back to the store' }).click();
  expect((await back).url()).toBe(`https://merchant.example/thanks?session_id=${session}`);
  expect(external.filter((u) => !u.startsWith('https://merchant.example/'))).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('an unknown session shows the not-found page in both languages', async ({ page }) => {
    const res = await page.goto('/checkout/cs_NoSuchSessionNoSuchSessionNoSuch00');
    expect(res?.status()).toBe(404);
    await expect(page.locator('main[data-state="not_found"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Checkout not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '找不到该结账页面' })).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'checkout-not-found-mobile');
  });
});

test('manual payment places the order awaiting payment', async ({ page, request, baseURL }) => {
  // Like the seed's second English session, opened without an e-mail: the shopper gives it.
  await page.goto(`/checkout/${await openCheckoutSession(request, baseURL!, 'US', { email: null })}`);
  await page.getByLabel('E-mail for your receipt').fill('jordan.lee@example.com');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Bank transfer or pay on delivery').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.locator('main[data-state="completed"]')).toBeVisible();
  await expect(page.getByText('Your order waits for your payment.')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'checkout-manual-completed-en');
});

test.describe('on a phone, in Chinese', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('cancel and return to the merchant; the cancelled page stays cancelled', async ({ page, request, baseURL }) => {
    const session = await openCheckoutSession(request, baseURL!, 'CN');
    await page.goto(`/checkout/${session}`);
    await expect(page.locator('main[data-state="open_review"]')).toBeVisible();
    await expect(page.getByText(/王\*\* · 深圳市 · 手机尾号 8000/)).toBeVisible();
    await expect(page.getByText(/含增值税/)).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'checkout-review-zh-mobile');
    await page.route('https://merchant.example/**', (route) => route.fulfill({ status: 200, body: 'merchant' }));
    const back = page.waitForRequest((r) => r.url().startsWith('https://merchant.example/cart'));
    await page.getByRole('button', { name: '取消并返回商店' }).click();
    expect((await back).url()).toBe(`https://merchant.example/cart?session_id=${session}`);
    await page.goto(`/checkout/${session}`);
    await expect(page.locator('main[data-state="cancelled"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: '已取消结账' })).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'checkout-cancelled-zh-mobile');
  });
});

test('an answer to the projection asked when the page appeared, arriving after Continue’s, does not take the page back to the review', async ({ page, request, baseURL }) => {
  const session = await openCheckoutSession(request, baseURL!, 'US');
  // A busy server: the page's first projection is answered only after the shopper's Continue was.
  let continued!: () => void;
  const afterContinue = new Promise<void>((resolve) => (continued = resolve));
  let answered!: () => void;
  const projectionAnswered = new Promise<void>((resolve) => (answered = resolve));
  let held = 0;
  await page.route(`**/api/v1/hosted/checkout/${session}/projection`, async (route) => {
    held++;
    const response = await route.fetch(); // the server answers now: the review step
    answered();
    await afterContinue;
    await route.fulfill({ response });
  });
  page.on('response', (r) => {
    if (r.url().endsWith(`/${session}/continue`)) continued();
  });
  await page.goto(`/checkout/${session}`);
  await expect(page.locator('main[data-state="open_review"]')).toBeVisible();
  await projectionAnswered;
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.locator('main[data-state="open_payment"]')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  // The page has the held answer now (the review step, asked before the click).
  expect(held).toBe(1);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main[data-state="open_payment"]')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
});
