import { expectAxeClean } from './axe';
import { type BrowserContext, expect, type Page, test } from './test';
import { screenshot } from './screenshots';

/** The protected demo store and its demo password (lib/demo/catalog-data.ts). */
const STORE = 'maison-atelier';
const PASSWORD = 'atelier-members-2026';

const shot = (page: Page, name: string) => screenshot(page, `test-results/screenshots/${name}.png`);

async function accessCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name.endsWith(`store-access.${STORE}`));
}

test.describe('protected store access', () => {
  // Full journeys (argon2 checks, a proof of work, several page loads) on a small machine.
  test.describe.configure({ timeout: 90_000 });

  test('a shopper unlocks the store with the password and lands on it', async ({ page, context }) => {
    await page.goto(`/stores/${STORE}`);
    await expect(page).toHaveURL(new RegExp(`/stores/${STORE}/access\\?next=`));
    await expect(page.getByRole('heading', { level: 1, name: 'Members-only store' })).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'store-access-page');

    await page.getByLabel('Store password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Enter the store' }).click();
    // The access form's own alert (Next's route announcer is an alert too, and may hold the page title).
    await expect(page.getByRole('alert').and(page.locator('[data-code]'))).toHaveText(/That is not right\. 4 attempts left\./);
    expect(await accessCookie(context)).toBeUndefined();

    await page.getByLabel('Store password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Enter the store' }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${STORE}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Maison Atelier' })).toBeVisible();

    const cookie = await accessCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('store-access');

    // Product pages of the store open with the same cookie, and so does its API.
    const productHref = await page.locator(`a[href^="/stores/${STORE}/products/"]`).first().getAttribute('href');
    await page.goto(productHref!);
    await expect(page).toHaveURL(productHref!);
    const api = await page.request.get(`/api/v1/catalog/merchants/${STORE}/products?pageSize=1`);
    expect(api.status()).toBe(200);
  });

  test('a deep link to a product returns there after unlocking', async ({ page, browser }) => {
    // Find a product of the store through an unlocked session, then follow it in a fresh one.
    const api = await page.request.post(`/api/v1/public/store-access/${STORE}/challenges`, {
      headers: { 'idempotency-key': `e2e-${Date.now()}` },
      data: { kind: 'password', password: PASSWORD },
    });
    expect(api.status()).toBe(200);
    const token = (await api.json()).data.token;
    const list = await page.request.get(`/api/v1/catalog/merchants/${STORE}/products?pageSize=1`, {
      headers: { 'x-store-access-token': token },
    });
    const product = (await list.json()).data[0];
    const target = `/stores/${STORE}/products/${product.slug}`;

    const fresh = await browser.newContext();
    const shopper = await fresh.newPage();
    await shopper.goto(target);
    await expect(shopper).toHaveURL(new RegExp(`/stores/${STORE}/access\\?next=`));
    await shopper.getByLabel('Store password', { exact: true }).fill(PASSWORD);
    await shopper.getByRole('button', { name: 'Enter the store' }).click();
    await expect(shopper).toHaveURL(new RegExp(`${target}$`));
    await expect(shopper.getByRole('heading', { level: 1, name: product.title['en-US'] })).toBeVisible();
    await fresh.close();
  });

  test('a shopper unlocks the store with proof of work solved in the browser', async ({ page, context }) => {
    await page.goto(`/stores/${STORE}/access`);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await page.getByRole('button', { name: 'Enter by solving a puzzle' }).click();
    await expect(page.getByRole('status')).toContainText(/Getting a puzzle|Solving|Solved/);
    await shot(page, 'store-access-proof-of-work');
    await expect(page).toHaveURL(new RegExp(`/stores/${STORE}$`), { timeout: 25_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Maison Atelier' })).toBeVisible();
    expect(workers.length).toBe(1);
    expect(await accessCookie(context)).toMatchObject({ httpOnly: true });
  });

  test('open stores need no unlocking', async ({ page }) => {
    await page.goto('/stores/lumen-audio/access');
    await expect(page).toHaveURL(/\/stores\/lumen-audio$/);
  });
});
