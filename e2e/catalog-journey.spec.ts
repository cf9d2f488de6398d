import sharp from 'sharp';
import { expectAxeClean } from './axe';
import { signedIn } from './merchant';
import { payByTestCard } from './shopper';
import { type Browser, type Locator, type Page, expect as baseExpect, test } from './test';
import { screenshot } from './screenshots';

/**
 * A product's life in the console and the store, one page per step, in order (each step uses what
 * the ones before made): the merchant creates a jacket with two colours x two sizes in both
 * languages (barcode and weight per variant, a product category), gives it two pictures ordered by
 * dragging and by keyboard and points each colour's variants at its picture, stocks and publishes
 * it; a shopper finds it by search in English and in Chinese and on its category page, sees the
 * chosen colour's picture, buys one; the merchant sees the stock drop, then archives it; the
 * storefront stops offering it (search, category, product page) and the shopper's order page still
 * shows the line.
 */

const STORE = 'lumen-audio';
const PRODUCTS = `/merchant/${STORE}/products`;
const CATEGORY = 'outerwear';
const expect = baseExpect.configure({ timeout: 30_000 });

/** A made-up word no seeded product has, so the search finds exactly this run's product. */
const word = () => Array.from({ length: 9 }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');
const name = word();
const handle = `trail-parka-${name}`;
const TITLE = { en: `Trail Parka ${name}`, zh: `山径派克大衣 ${name}` };
// Alt texts that name no option value, so only the merchant's choice ties a colour to its picture.
const PICTURES = {
  red: { rgb: [210, 30, 30] as const, en: 'Parka on a hanger', zh: '挂着的派克大衣' },
  blue: { rgb: [30, 60, 210] as const, en: 'Parka on a windy ridge', zh: '山脊上的派克大衣' },
};
const ROWS = ['Red / S', 'Red / M', 'Blue / S', 'Blue / M'] as const;

/** What the steps hand on. */
const made = { editor: '', skuIds: [] as string[], media: { red: '', blue: '' }, orderPage: '', orderNumber: '' };

const png = (rgb: readonly [number, number, number]) => sharp({ create: { width: 480, height: 480, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer();

/** The colour a shopper sees in an element: red or blue, by its dominant pixels. */
async function seenColour(el: Locator): Promise<'red' | 'blue' | 'other'> {
  const { dominant } = await sharp(await el.screenshot()).stats();
  if (dominant.r > 150 && dominant.b < 100) return 'red';
  if (dominant.b > 150 && dominant.r < 100) return 'blue';
  return 'other';
}

async function shopper(browser: Browser, baseURL: string, width = 390): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 844 } });
  return context.newPage();
}

/** A value of the product page's variant picker, chosen as a shopper does: by its label. */
const choose = (page: Page, value: string) => page.locator('.sf-option__value label').filter({ hasText: new RegExp(`^${value}$`) }).click();

const card = (page: Page) => page.getByTestId('product-grid').locator(`[data-product-slug="${handle}"]`);

test.describe.serial('a product from creation to archive', () => {
  test('the merchant creates it in both languages: colour x size, prices, stock, barcode and weight per variant, a product category', async ({ browser, baseURL }) => {
    const { context, page } = await signedIn(browser, baseURL!, STORE, 'en-US', 1280);
    await page.goto(`${PRODUCTS}/new`);
    const form = page.getByTestId('product-form');
    await form.getByTestId('title-en-US').fill(TITLE.en);
    await form.getByTestId('title-zh-CN').fill(TITLE.zh);
    await form.getByTestId('description-en-US').fill('A warm parka for windy ridges.');
    await form.getByTestId('description-zh-CN').fill('适合大风山脊的保暖派克大衣。');
    await form.getByTestId('marketplace-category').selectOption(CATEGORY);
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
    for (const [i, row] of ROWS.entries()) {
      await expect(rows.nth(i)).toContainText(row);
      await form.getByTestId(`variants.${i}.price.USD`).fill('129.00');
      await form.getByTestId(`variants.${i}.price.CNY`).fill('899');
      await form.getByTestId(`variants.${i}.stock`).fill('5');
      await form.getByTestId(`variants.${i}.barcode`).fill(`400638133393${i}`);
      await form.getByTestId(`variants.${i}.weightGrams`).fill(i < 2 ? '850' : '870');
    }
    // A weight that is not whole grams is refused beside its cell; nothing is created and nothing typed is lost.
    await form.getByTestId('variants.2.weightGrams').fill('0.9kg');
    await form.getByRole('button', { name: 'Create product' }).click();
    const weight = form.getByTestId('variants.2.weightGrams');
    await expect(weight).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator(`[id="${await weight.getAttribute('aria-describedby')}"]`)).toHaveText('Enter whole grams from 0 to 1000000, such as 450.');
    await expect(page).toHaveURL(`${PRODUCTS}/new`);
    await expect(form.getByTestId('variants.3.barcode')).toHaveValue('4006381333933');
    await weight.fill('870');
    await form.getByRole('button', { name: 'Create product' }).click();
    await expect(page).toHaveURL(new RegExp(`${PRODUCTS}/[0-9a-f-]{36}\\?created=1$`));
    await expect(page.getByTestId('saved-notice')).toHaveText('Product created.');
    await expect(page.getByTestId('product-title')).toContainText('Draft');
    made.editor = page.url().split('?')[0]!.replace(baseURL!, '');
    // Read back as saved: the barcode, weight, stock and category of each variant.
    const saved = page.getByTestId('product-form');
    await expect(saved.getByTestId('marketplace-category')).toHaveValue(CATEGORY);
    for (const i of ROWS.keys()) {
      await expect(saved.getByTestId(`variants.${i}.barcode`)).toHaveValue(`400638133393${i}`);
      await expect(saved.getByTestId(`variants.${i}.weightGrams`)).toHaveValue(i < 2 ? '850' : '870');
      await expect(saved.getByTestId(`variants.${i}.stock`)).toHaveValue('5');
      made.skuIds.push(await saved.locator(`input[name="variants.${i}.id"]`).inputValue());
    }
    await context.close();
  });

  test('two pictures: ordered by dragging and by keyboard, each colour pointed at its own', async ({ browser, baseURL }) => {
    const { context, page } = await signedIn(browser, baseURL!, STORE, 'en-US', 1280);
    await page.goto(made.editor);
    for (const p of [PICTURES.red, PICTURES.blue]) {
      const upload = page.getByTestId('upload-form');
      await upload.getByTestId('upload-file').setInputFiles({ name: `${p.en}.png`, mimeType: 'image/png', buffer: await png(p.rgb) });
      await expect(upload.getByTestId('upload-preview')).toBeVisible();
      await upload.getByTestId('upload-alt-en').fill(p.en);
      await upload.getByTestId('upload-alt-zh').fill(p.zh);
      await upload.getByTestId('upload-submit').click();
      await expect(page.getByTestId('media-notice')).toHaveText('Image added.');
    }
    const media = page.getByTestId('media-item');
    await expect(media).toHaveCount(2);
    await expect(media.nth(0).locator('img')).toHaveAttribute('alt', PICTURES.red.en);
    made.media.red = (await media.nth(0).getAttribute('data-media-id'))!;
    made.media.blue = (await media.nth(1).getAttribute('data-media-id'))!;

    // Dragging the second picture onto the first's place makes it the main one, and it stays so.
    await media.nth(1).getByTestId('drag-handle').dragTo(media.nth(0));
    await expect(page.getByTestId('media-order-status')).toHaveText('Image 2 moved to place 1.');
    await expect(media.nth(0)).toHaveAttribute('data-media-id', made.media.blue);
    await expect(media.nth(0)).toContainText('Image 1 · Main image');
    await page.reload();
    await expect(media.nth(0)).toHaveAttribute('data-media-id', made.media.blue);
    // The keyboard way stays: the red one's "Move up" with Enter puts it back first.
    await media.nth(1).getByTestId('move-up').focus();
    await page.keyboard.press('Enter');
    await expect(media.nth(0)).toHaveAttribute('data-media-id', made.media.red);

    // Each colour's variants show their own picture.
    const pictures = page.getByTestId('variant-images-form');
    for (const row of ROWS) await pictures.getByLabel(`Picture of ${row}`).selectOption(row.startsWith('Red') ? made.media.red : made.media.blue);
    await pictures.getByRole('button', { name: 'Save variant pictures' }).click();
    await expect(pictures.getByRole('status')).toHaveText('Variant pictures saved.');
    await page.reload();
    for (const row of ROWS) await expect(pictures.getByLabel(`Picture of ${row}`)).toHaveValue(row.startsWith('Red') ? made.media.red : made.media.blue);
    await expectAxeClean(page);
    await screenshot(page, test.info().outputPath('editor-pictures-en-desktop.png'));
    await context.close();
  });

  test('the merchant publishes it', async ({ browser, baseURL }) => {
    const { context, page } = await signedIn(browser, baseURL!, STORE, 'en-US', 390);
    await page.goto(made.editor);
    await page.getByTestId('product-form').getByTestId('status-active').check();
    await page.getByTestId('product-form').getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByTestId('saved-notice')).toHaveText('Saved.');
    await expect(page.getByTestId('product-title')).toContainText('Active');
    await expect(page.getByTestId('view-in-store')).toHaveAttribute('href', `/stores/${STORE}/products/${handle}`);
    await context.close();
  });

  test('a shopper finds it by search in English and in Chinese, and on its category page', async ({ browser, baseURL }) => {
    const shop = await shopper(browser, baseURL!);
    // Published within the public reads' cache bound.
    await baseExpect(async () => {
      await shop.goto(`/stores/${STORE}/search?q=${name}`);
      await baseExpect(card(shop)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card(shop)).toContainText(TITLE.en);
    await shop.goto(`/stores/${STORE}/search?q=${encodeURIComponent(TITLE.zh)}&locale=zh-CN`);
    await expect(card(shop)).toContainText(TITLE.zh);
    await shop.goto(`/stores/${STORE}/categories/${CATEGORY}?locale=zh-CN`);
    await expect(card(shop)).toContainText(TITLE.zh);
    await expectAxeClean(shop);
    await shop.context().close();
  });

  test('the chosen colour shows its picture; the shopper buys Blue / M', async ({ browser, baseURL }) => {
    const shop = await shopper(browser, baseURL!, 1280);
    await shop.goto(`/stores/${STORE}/products/${handle}`);
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(TITLE.en);
    const main = shop.getByTestId('gallery-main');
    await choose(shop, 'Blue');
    await expect(shop.getByTestId('selected-colour')).toHaveText('Blue');
    await expect(main).toHaveAttribute('alt', PICTURES.blue.en);
    await expect.poll(() => seenColour(main)).toBe('blue');
    await choose(shop, 'Red');
    await expect(main).toHaveAttribute('alt', PICTURES.red.en);
    await expect.poll(() => seenColour(main)).toBe('red');
    await choose(shop, 'Blue');
    await choose(shop, 'M');
    await expect(shop.getByTestId('selected-size')).toHaveText('M');
    await expect(main).toHaveAttribute('alt', PICTURES.blue.en);
    await expect(shop.getByTestId('product-price')).toContainText('$129.00');
    await shop.getByTestId('add-to-cart').click();
    await expect(shop.getByTestId('cart-count')).toHaveText('1');
    made.orderNumber = await payByTestCard(shop, 'robin.ash@example.com', STORE);
    await shop.getByTestId('co-order-page').click();
    await expect(shop).toHaveURL(/\/orders\/[0-9a-f-]{36}\?token=/);
    made.orderPage = shop.url().replace(baseURL!, '');
    await shop.context().close();
  });

  test('the merchant sees the stock of Blue / M drop by the one sold', async ({ browser, baseURL }) => {
    const { context, page } = await signedIn(browser, baseURL!, STORE, 'en-US', 1280);
    await page.goto(`/merchant/${STORE}/inventory/${made.skuIds[3]}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(TITLE.en);
    await expect(page.getByTestId('available')).toHaveText('4');
    await context.close();
  });

  test('the merchant archives it', async ({ browser, baseURL }) => {
    const { context, page } = await signedIn(browser, baseURL!, STORE, 'zh-CN', 1280);
    await page.goto(made.editor);
    await page.getByTestId('archive').locator('summary').click();
    await page.getByTestId('archive-form').getByRole('button', { name: '归档' }).click();
    await expect(page.getByTestId('product-title')).toContainText('已归档');
    await context.close();
  });

  test('the store stops offering it: search in both languages, its category, its page', async ({ browser, baseURL }) => {
    const shop = await shopper(browser, baseURL!);
    await baseExpect(async () => {
      await shop.goto(`/stores/${STORE}/search?q=${name}`);
      await baseExpect(shop.getByRole('heading', { level: 1 })).toContainText(name, { timeout: 2_000 });
      await baseExpect(card(shop)).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await shop.goto(`/stores/${STORE}/search?q=${encodeURIComponent(TITLE.zh)}&locale=zh-CN`);
    await expect(shop.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(card(shop)).toHaveCount(0);
    // The category no longer lists it (a category left with none of the store's products is no page of it).
    const category = await shop.goto(`/stores/${STORE}/categories/${CATEGORY}`);
    if (category?.status() !== 404) await expect(shop.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(card(shop)).toHaveCount(0);
    const gone = await shop.goto(`/stores/${STORE}/products/${handle}`);
    expect(gone?.status()).toBe(404);
    await shop.context().close();
  });

  test('the shopper’s order page still shows the line', async ({ browser, baseURL }) => {
    const shop = await shopper(browser, baseURL!);
    await shop.goto(made.orderPage);
    await expect(shop.getByTestId('op-number')).toHaveText(made.orderNumber);
    const line = shop.getByTestId('op-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(TITLE.en);
    await expect(line).toContainText('Blue / M');
    await expectAxeClean(shop);
    await shop.context().close();
  });
});
