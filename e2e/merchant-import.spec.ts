import { type Browser, expect as baseExpect, test } from './test';
import { expectAxeClean } from './axe';
import { signedIn as signedInTo } from './merchant';
import { screenshot } from './screenshots';

/**
 * Product CSV import in the merchant console: a merchant checks a Shopify CSV and sees each row's
 * problem with its line, imports a good one, follows it to done and finds the product in the
 * store. The page passes axe and is screenshotted in both languages at desktop and phone width.
 */

const STORE = 'lumen-audio';
const IMPORT = `/merchant/${STORE}/products/import`;
const expect = baseExpect.configure({ timeout: 30_000 });
const signedIn = (browser: Browser, baseURL: string, locale: 'en-US' | 'zh-CN', width: number) => signedInTo(browser, baseURL, STORE, locale, width);
const HEAD = 'Handle,Title,Body (HTML),Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Status,Title (zh-CN),Variant Price (CNY)';
const file = (rows: string[]) => ({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from([HEAD, ...rows].join('\n')) });

test('a merchant checks a CSV, imports it and finds the product in the store', async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL!, 'en-US', 1280);
  await page.goto(IMPORT);
  await expect(page.getByRole('heading', { name: 'Import products', level: 1 })).toBeVisible();
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-import-en-desktop.png');

  await page.locator('#import-file').setInputFiles(file(['e2e-lamp,E2E Lamp,<p>Bright</p>,Color,Red,E2E-LAMP-R,4,12.999,active,E2E 台灯,88.00', 'Bad Handle,x,,,,X-1,1,5,,,']));
  await page.getByTestId('check').click();
  const report = page.getByTestId('dry-run');
  await expect(report).toContainText('2 problems found');
  await expect(page.getByTestId('problem').first()).toHaveAttribute('data-line', '2');
  await expect(page.getByTestId('problem').nth(1)).toHaveAttribute('data-line', '3');
  await expectAxeClean(page);

  await page.locator('#import-file').setInputFiles(file(['e2e-lamp,E2E Lamp,<p>Bright</p>,Color,Red,E2E-LAMP-R,4,12.99,active,E2E 台灯,88.00', 'e2e-lamp,,,,Blue,E2E-LAMP-B,2,12.99,,,88.00']));
  await page.getByTestId('start').click();
  await expect(page).toHaveURL(/\/products\/import\?import=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('import-report')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('import-progress')).toHaveText('1 of 1 products');
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-import-report-en-desktop.png');

  await page.goto(`/stores/${STORE}/products/e2e-lamp`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('E2E Lamp');
  await context.close();
});

test('the import page in Chinese on a phone', async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL!, 'zh-CN', 390);
  await page.goto(IMPORT);
  await expect(page.getByRole('heading', { name: '导入商品', level: 1 })).toBeVisible();
  await page.locator('#import-file').setInputFiles({ name: 'x.csv', mimeType: 'text/csv', buffer: Buffer.from('Title\nx') });
  await page.getByTestId('check').click();
  await expect(page.getByTestId('problem').first()).toHaveAttribute('data-line', '1');
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-import-zh-phone.png');
  await context.close();
});
