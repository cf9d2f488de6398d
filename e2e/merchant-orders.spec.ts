import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from './test';
import { buyByTestCard } from './shopper';
import { expectAxeClean } from './axe';
import { e2eDemoFile } from './demo-file';
import { screenshot } from './screenshots';

/**
 * The merchant's orders in the console: a shopper buys on the storefront; the merchant signs in,
 * fulfils and ships the order with a carrier and tracking number, and the shopper's order page
 * shows the tracking; the order is delivered, the shopper asks for a refund, the merchant finds it
 * in the after-sales queue, approves and refunds it (confirming first), and the shopper sees the
 * refund. Every console orders page passes axe and is screenshotted in both languages at desktop
 * (1280) and phone (390) width.
 */

type Demo = { merchantUsers: { store: string; email: string; password: string }[]; orders: { paidOrderId: string } };
const demo = (baseURL: string) => JSON.parse(readFileSync(e2eDemoFile(baseURL), 'utf8')) as Demo;
const STORE = 'lumen-audio';
const CONSOLE = `/merchant/${STORE}`;

// A journey buys on the storefront and works through several console pages: more than the defaults on a busy machine.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

function merchant(baseURL: string, store = STORE) {
  return demo(baseURL).merchantUsers.find((u) => u.store === store)!;
}

async function signIn(page: Page, baseURL: string, store = STORE) {
  const user = merchant(baseURL, store);
  await page.goto(`/merchant/${store}/orders`);
  await expect(page).toHaveURL(/\/merchant\/sign-in\?/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/${store}/orders`));
  await expect(page.getByTestId('state-counts')).toBeVisible();
  await page.waitForLoadState('load');
}

/** Sets the console's language (its cookie) and opens `path`. */
async function consoleIn(page: Page, lang: 'en-US' | 'zh-CN', path: string) {
  await page.goto(`/merchant/language?${new URLSearchParams({ lang, next: path })}`);
  await expect(page).toHaveURL(new RegExp(path.replace(/[?#].*$/, '')));
  await page.waitForLoadState('load');
}

/** Product page -> cart with a US address -> hosted checkout paid by test card; the order number and the shopper's order page. */
async function buy(page: Page): Promise<{ number: string; shopperUrl: string; email: string }> {
  const email = `avery.${test.info().testId}.${Date.now()}@example.com`;
  const number = await buyByTestCard(page, email, STORE);
  await page.getByTestId('co-order-page').click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?token=/);
  return { number, shopperUrl: new URL(page.url()).pathname + new URL(page.url()).search, email };
}

/** Clicks a step's button and waits for the order page to say it is done. */
async function step(page: Page, button: string, notice: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByTestId('order-notice')).toHaveText(notice);
}

test('a merchant ships an order with carrier and tracking; the shopper’s order page shows the tracking', async ({ page, baseURL }) => {
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('data:') && new URL(r.url()).origin !== new URL(baseURL!).origin) external.push(r.url());
  });
  const { number, shopperUrl, email } = await buy(page);
  await signIn(page, baseURL!);
  await consoleIn(page, 'en-US', `${CONSOLE}/orders`);
  // The shopper's whole e-mail, in any case, finds the order.
  await page.getByRole('searchbox', { name: 'Search' }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await page.getByTestId('order-row').filter({ hasText: number }).click();
  await expect(page.getByTestId('order-number')).toHaveText(`Order ${number}`);
  await expect(page.getByTestId('order-email')).toHaveText(`E-mail: ${email}`);
  await expect(page.getByTestId('order-state')).toHaveText('Paid');
  await expectAxeClean(page);

  await step(page, 'Start fulfilment', 'Fulfilment started.');
  await expect(page.getByTestId('order-state')).toHaveText('Fulfilling');

  // Server-side validation: the error sits next to its field, and nothing moved.
  const ship = page.getByTestId('ship-form');
  await ship.getByLabel('Carrier').fill('UPS');
  await ship.getByLabel('Tracking number').fill('no!');
  await ship.getByRole('button', { name: 'Ship' }).click();
  await expect(ship.getByTestId('field-error')).toHaveText('4 to 40 letters, digits or hyphens.');
  await expect(ship.getByLabel('Tracking number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('order-state')).toHaveText('Fulfilling');
  await expectAxeClean(page);

  await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await ship.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByTestId('order-notice')).toHaveText('Shipped.');
  await expect(page.getByTestId('order-state')).toHaveText('Shipped');
  await expect(page.getByTestId('order-shipment')).toContainText('1Z999AA10123456784');
  await expect(page.getByRole('link', { name: 'Track the package' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  // The timeline names who did it.
  const shipped = page.getByTestId('timeline-entry').first();
  await expect(shipped).toHaveAttribute('data-action', 'order.ship');
  await expect(shipped).toContainText(merchant(baseURL!).email);

  await page.goto(shopperUrl);
  await expect(page.getByTestId('op-state')).toHaveText('Shipped');
  await expect(page.getByTestId('op-tracking')).toContainText('UPS');
  await expect(page.getByTestId('op-tracking')).toContainText('1Z999AA10123456784');
  expect(external).toEqual([]);
});

test('a merchant refunds an after-sales request from the queue; the shopper sees the refund', async ({ page, baseURL }) => {
  const { number, shopperUrl } = await buy(page);
  await signIn(page, baseURL!);
  await consoleIn(page, 'en-US', `${CONSOLE}/orders/${number}`);
  await step(page, 'Start fulfilment', 'Fulfilment started.');
  const ship = page.getByTestId('ship-form');
  await ship.getByLabel('Carrier').fill('USPS');
  await ship.getByLabel('Tracking number').fill('9400111899223344556677');
  await ship.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByTestId('order-notice')).toHaveText('Shipped.');
  await step(page, 'Mark as delivered', 'Marked as delivered.');

  // The shopper asks for a refund on the order page.
  await page.goto(shopperUrl);
  await page.getByText('Return, refund or exchange').click();
  await page.getByLabel('Refund only').check();
  await page.getByLabel('Reason').selectOption('damaged');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('op-request')).toContainText('Waiting for the store');

  // The merchant finds it in the queue.
  await page.goto(`${CONSOLE}/after-sales`);
  await expectAxeClean(page);
  await page.getByTestId('queue-row').filter({ hasText: number }).click();
  const request = page.getByTestId('after-sales-request');
  await expect(request).toHaveAttribute('data-state', 'requested');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('order-notice')).toHaveText('Request approved.');
  await expect(request).toHaveAttribute('data-state', 'approved');

  // Refunding asks first, and shows what is left; an amount above the line's is refused next to its field.
  await request.getByText('Refund…').click();
  const dialog = page.getByTestId('refund-dialog');
  await expect(dialog).toContainText('Left to refund on this order:');
  const amount = dialog.getByRole('textbox');
  const full = await amount.inputValue();
  await amount.fill(String(Number(full) + 1));
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByTestId('field-error')).toHaveText('An amount like 12.34, not above what the line can refund.');
  await expectAxeClean(page);
  await amount.fill(full);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByTestId('order-notice')).toHaveText('Refunded.');
  await expect(request).toHaveAttribute('data-state', 'refunded');
  await expect(page.getByTestId('order-payments').locator('[data-kind="refund"]')).toHaveCount(1);
  await expect(page.getByTestId('timeline-entry').first()).toHaveAttribute('data-action', 'after_sales.refund');

  await page.goto(shopperUrl);
  await expect(page.getByTestId('op-request')).toContainText('Refunded');
  await expect(page.getByTestId('op-refunded')).toBeVisible();
});

test('another store’s order id is the designed not-found page', async ({ page, baseURL }) => {
  // The owner of huaxia-digital asks for an order of lumen-audio under their own store.
  await signIn(page, baseURL!, 'huaxia-digital');
  await consoleIn(page, 'en-US', '/merchant/huaxia-digital/orders');
  const res = await page.goto(`/merchant/huaxia-digital/orders/${demo(baseURL!).orders.paidOrderId}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('console-not-found')).toContainText('Not found');
  await expectAxeClean(page);
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`${viewport.name} screenshots`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`every console orders page in both languages, axe clean (${viewport.name})`, async ({ page, baseURL }) => {
      await signIn(page, baseURL!);
      await page.goto(`${CONSOLE}/after-sales`);
      const orderHref = await page.getByTestId('queue-row').first().getAttribute('href');
      expect(orderHref).toBeTruthy();
      const pages = [
        ['orders', `${CONSOLE}/orders`],
        ['order', orderHref!.replace(/#.*$/, '')],
        ['after-sales', `${CONSOLE}/after-sales`],
      ] as const;
      for (const lang of ['en-US', 'zh-CN'] as const) {
        for (const [name, path] of pages) {
          await consoleIn(page, lang, path);
          await expect(page.locator('.mcs')).toHaveAttribute('lang', lang);
          await expectAxeClean(page);
          await screenshot(page, `test-results/screenshots/merchant-${name}-${lang}-${viewport.name}.png`);
        }
      }
    });
  });
}
