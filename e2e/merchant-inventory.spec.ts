import { type Browser, expect as baseExpect, type Page, test } from './test';
import { expectAxeClean } from './axe';
import { merchantUser, signedIn as signedInTo } from './merchant';
import { screenshot } from './screenshots';

/**
 * The store's inventory in the merchant console: a merchant adjusts a SKU's stock with a reason
 * and finds the change in its history; a change that is not a whole number, or takes more than
 * is on hand, is refused next to the field; the low-stock filter lists only low SKUs and the
 * threshold is set on the same page. Every page passes axe and is screenshotted in both
 * languages at desktop (1280) and phone (390) width.
 */

const STORE = 'lumen-audio';
const INVENTORY = `/merchant/${STORE}/inventory`;
const expect = baseExpect.configure({ timeout: 30_000 });
const signedIn = (browser: Browser, baseURL: string, locale: 'en-US' | 'zh-CN', width: number) => signedInTo(browser, baseURL, STORE, locale, width);

/** The SKU page of the list's row `n` (rows by product slug: the same SKU for every test). */
async function openSku(page: Page, n: number): Promise<number> {
  await page.goto(INVENTORY);
  await page.getByTestId('inventory-row').nth(n).click();
  await expect(page).toHaveURL(new RegExp(`${INVENTORY}/[0-9a-f-]{36}$`));
  return Number(await page.getByTestId('on-hand').textContent());
}

test('a merchant adjusts a SKU’s stock with a reason and finds it in the history', async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL!, 'en-US', 1280);
  await page.goto(INVENTORY);
  await expect(page.getByRole('link', { name: 'Inventory', exact: true }).first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('inventory-list')).toBeVisible();
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-inventory-en-desktop.png');

  const onHand = await openSku(page, 0);
  const form = page.getByTestId('adjust-form');
  await form.getByLabel('Units to add or remove').fill('12');
  await form.getByLabel('Reason').selectOption('received');
  await form.getByLabel('Note (optional)').fill('Carton from the supplier');
  await form.getByRole('button', { name: 'Adjust' }).click();
  await expect(form.getByRole('status')).toHaveText(`Stock adjusted: ${onHand + 12} on hand.`);
  await page.reload();
  await expect(page.getByTestId('on-hand')).toHaveText(String(onHand + 12));
  const latest = page.getByTestId('history-row').first();
  await expect(latest).toContainText('+12');
  await expect(latest).toContainText('Received');
  await expect(latest).toContainText('Carton from the supplier');
  await expect(latest).toContainText(merchantUser(baseURL!, STORE).email);
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-inventory-sku-en-desktop.png');
  await context.close();
});

test('a change that is not a whole number, or takes more than is on hand, is refused next to the field', async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL!, 'en-US', 390);
  const onHand = await openSku(page, 1);
  const form = page.getByTestId('adjust-form');
  const delta = form.getByLabel('Units to add or remove');
  await delta.fill('1.5');
  await form.getByRole('button', { name: 'Adjust' }).click();
  await expect(form.getByTestId('field-error')).toHaveText('Enter a whole number other than 0, such as 12 or -3.');
  await expect(delta).toHaveAttribute('aria-invalid', 'true');
  await delta.fill(String(-(onHand + 1)));
  await form.getByLabel('Reason').selectOption('lost');
  await form.getByRole('button', { name: 'Adjust' }).click();
  await expect(form.getByTestId('field-error')).toHaveText(/cannot (go below|remove more)/);
  await page.reload();
  await expect(page.getByTestId('on-hand')).toHaveText(String(onHand));
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-inventory-sku-en-phone.png');
  await context.close();
});

test('在手机上用中文：低库存筛选只列出低库存的 SKU，阈值在同一页设置', async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL!, 'zh-CN', 390);
  await page.goto(INVENTORY);
  await page.getByTestId('low-filter').click();
  await expect(page).toHaveURL(/low=true/);
  await expect(page.getByTestId('low-filter')).toHaveAttribute('aria-current', 'true');
  const threshold = Number(await page.getByLabel('可售不超过此数即为低库存').inputValue());
  for (const value of await page.getByTestId('available').allTextContents()) expect(Number(value)).toBeLessThanOrEqual(threshold);
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-inventory-low-zh-phone.png');

  const form = page.getByTestId('threshold-form');
  await form.getByLabel('可售不超过此数即为低库存').fill('abc');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByTestId('field-error')).toHaveText('请输入 0 到 1,000,000 之间的整数。');
  await form.getByLabel('可售不超过此数即为低库存').fill(String(threshold + 1));
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('status')).toHaveText('已保存。');
  await page.reload();
  await expect(page.getByTestId('low-filter')).toContainText(`可售不超过 ${threshold + 1}`);
  await context.close();
});

test('中文桌面：库存列表和 SKU 页', async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL!, 'zh-CN', 1280);
  await page.goto(INVENTORY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('库存');
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-inventory-zh-desktop.png');
  await openSku(page, 0);
  await expect(page.getByRole('heading', { name: '调整库存' })).toBeVisible();
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-inventory-sku-zh-desktop.png');
  await context.close();
});
