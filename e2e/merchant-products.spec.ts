import sharp from 'sharp';
import { expect as baseExpect, test } from './test';
import { expectAxeClean } from './axe';
import { signedIn } from './merchant';
import { screenshot } from './screenshots';

/**
 * The console's products: a merchant creates a product with two colours x two sizes in both
 * languages, gives it two images (uploaded, alt text in both languages, reordered by keyboard),
 * stocks and publishes it; a shopper finds it by search in English and in Chinese; the merchant
 * archives it and the storefront stops offering it. The list, the editor and the category manager
 * pass axe in both languages, at desktop (1280) and phone (390) width.
 */

const STORE = 'lumen-audio';
const PRODUCTS = `/merchant/${STORE}/products`;
const expect = baseExpect.configure({ timeout: 30_000 });

/** A made-up word no seeded product has, so the search finds exactly this run's product. */
const word = () => Array.from({ length: 9 }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');
const png = (rgb: [number, number, number]) => sharp({ create: { width: 480, height: 480, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer();

test('a merchant creates, pictures, stocks and publishes a product; a shopper finds it; archived, the store stops offering it', async ({ browser, baseURL }) => {
  const name = word();
  const handle = `field-jacket-${name}`;
  const { context, page } = await signedIn(browser, baseURL!, STORE, 'en-US', 1280);
  await page.goto(PRODUCTS);
  await expect(page.getByRole('link', { name: 'Products', exact: true }).first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('status-tabs')).toContainText(/Active \(\d+\)/);
  await expect(page.getByTestId('import-export')).toHaveAttribute('href', `${PRODUCTS}/import`);
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-products-en-desktop.png');

  await page.getByTestId('add-product').click();
  await expect(page).toHaveURL(`${PRODUCTS}/new`);
  const form = page.getByTestId('product-form');
  await form.getByTestId('title-en-US').fill(`Field Jacket ${name}`);
  await form.getByTestId('title-zh-CN').fill(`户外夹克 ${name}`);
  await form.getByTestId('description-en-US').fill('A light jacket for windy days.');
  await form.getByTestId('description-zh-CN').fill('适合大风天的轻便夹克。');
  await expect(form.getByTestId('handle')).toHaveValue(`field-jacket-${name}`);
  await expect(form.getByTestId('seo-preview-en-US')).toContainText(`/stores/${STORE}/products/${handle}`);
  const options: [string, string, [string, string][]][] = [
    ['Colour', '颜色', [['Red', '红色'], ['Blue', '蓝色']]],
    ['Size', '尺码', [['S', '小号'], ['M', '中号']]],
  ];
  for (const [i, [en, zh, values]] of options.entries()) {
    await form.getByTestId('add-option').click();
    await form.getByTestId(`option-${i}-name-en-US`).fill(en);
    await form.getByTestId(`option-${i}-name-zh-CN`).fill(zh);
    for (const [j, [ven, vzh]] of values.entries()) {
      if (j > 0) await form.getByTestId(`add-value-${i}`).click();
      await form.getByTestId(`option-${i}-value-${j}-en-US`).fill(ven);
      await form.getByTestId(`option-${i}-value-${j}-zh-CN`).fill(vzh);
    }
  }
  const rows = form.getByTestId('variant-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('Red / S');
  for (let i = 0; i < 4; i++) {
    await form.getByTestId(`variants.${i}.price.USD`).fill('59.00');
    await form.getByTestId(`variants.${i}.price.CNY`).fill('399');
    await form.getByTestId(`variants.${i}.stock`).fill('5');
  }
  // A price that is not an amount is refused beside its cell, and nothing is created.
  await form.getByTestId('variants.3.compareAt.USD').fill('abc');
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(form.getByTestId('field-error')).toHaveText('Enter an amount such as 19.99.');
  await expect(page).toHaveURL(`${PRODUCTS}/new`);
  await expect(form.getByTestId('variants.0.price.USD')).toHaveValue('59.00');
  await form.getByTestId('variants.3.compareAt.USD').fill('79');
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUCTS}/[0-9a-f-]{36}\\?created=1$`));
  await expect(page.getByTestId('saved-notice')).toHaveText('Product created.');
  await expect(page.getByTestId('product-title')).toContainText('Draft');
  const editor = page.url().split('?')[0]!;

  // Two images, each with alt text in both languages.
  for (const [rgb, en, zh] of [
    [[200, 30, 30], 'Red jacket', '红色夹克'],
    [[30, 60, 200], 'Blue jacket', '蓝色夹克'],
  ] as const) {
    const upload = page.getByTestId('upload-form');
    await upload.getByTestId('upload-file').setInputFiles({ name: `${en}.png`, mimeType: 'image/png', buffer: await png([...rgb]) });
    await expect(upload.getByTestId('upload-preview')).toBeVisible();
    await upload.getByTestId('upload-alt-en').fill(en);
    await upload.getByTestId('upload-alt-zh').fill(zh);
    await upload.getByTestId('upload-submit').click();
    await expect(page.getByTestId('media-notice')).toHaveText('Image added.');
  }
  const media = page.getByTestId('media-item');
  await expect(media).toHaveCount(2);
  await expect(media.nth(0).locator('img')).toHaveAttribute('alt', 'Red jacket');
  // Keyboard ordering: the second image's "Move up" with Enter makes it the main image.
  await media.nth(1).getByTestId('move-up').focus();
  await page.keyboard.press('Enter');
  await expect(media.nth(0).locator('img')).toHaveAttribute('alt', 'Blue jacket');

  // Publish: active, saved at the version read.
  await page.goto(editor);
  await page.getByTestId('product-form').getByTestId('status-active').check();
  await page.getByTestId('product-form').getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByTestId('saved-notice')).toHaveText('Saved.');
  await expect(page.getByTestId('product-title')).toContainText('Active');
  await expect(page.getByTestId('product-form').getByTestId('variants.3.stock')).toHaveValue('5');
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-product-editor-en-desktop.png');

  // A shopper finds it by search, in English and in Chinese.
  const shopper = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const shop = await shopper.newPage();
  const card = shop.getByTestId('product-grid').locator(`[data-product-slug="${handle}"]`);
  await baseExpect(async () => {
    await shop.goto(`/stores/${STORE}/search?q=${name}`);
    await baseExpect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card).toContainText(`Field Jacket ${name}`);
  await shop.goto(`/stores/${STORE}/search?q=${encodeURIComponent(`户外夹克 ${name}`)}&locale=zh-CN`);
  await expect(card).toContainText(`户外夹克 ${name}`);
  await expectAxeClean(shop);

  // The merchant archives it; the storefront stops offering it.
  await page.getByTestId('archive').locator('summary').click();
  await page.getByTestId('archive-form').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('product-title')).toContainText('Archived');
  await baseExpect(async () => {
    await shop.goto(`/stores/${STORE}/search?q=${name}`);
    await baseExpect(card).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const gone = await shop.goto(`/stores/${STORE}/products/${handle}`);
  expect(gone?.status()).toBe(404);
  await shopper.close();
  await context.close();
});

test('中文手机：商品列表、新商品编辑页和分类管理', async ({ browser, baseURL }) => {
  const { context, page } = await signedIn(browser, baseURL!, STORE, 'zh-CN', 390);
  await page.goto(`${PRODUCTS}?stock=low`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('商品');
  await expect(page.getByTestId('stock-filter')).toHaveValue('low');
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-products-zh-phone.png');
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);

  await page.goto(`${PRODUCTS}/new`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('新商品');
  // Nothing typed: the titles are refused beside their fields in both languages.
  await page.getByTestId('product-form').getByRole('button', { name: '创建商品' }).click();
  await expect(page.getByTestId('title-zh-CN')).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-product-new-zh-phone.png');

  await page.goto(`${PRODUCTS}/categories`);
  const create = page.getByTestId('create-category');
  const name = word();
  await create.getByLabel('名称（英文）').fill(`Outerwear ${name}`);
  await create.getByLabel('名称（中文）').fill(`外套 ${name}`);
  await create.getByRole('button', { name: '创建分类' }).click();
  await expect(create.getByRole('status')).toHaveText('分类已创建。');
  await expect(page.locator(`[data-name="Outerwear ${name}"]`)).toContainText(`外套 ${name}`);
  await expectAxeClean(page);
  await screenshot(page, 'test-results/screenshots/merchant-categories-zh-phone.png');
  await context.close();
});
