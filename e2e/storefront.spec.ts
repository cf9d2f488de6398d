import { expectAxeClean } from './axe';
import { expect, type Page, test } from './test';
import { screenshot } from './screenshots';

/** Screenshots are kept for people to look at (test-results/ is not committed). */
async function shot(page: Page, name: string) {
  // Lazy images below the fold would be blank in a full-page picture.
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await screenshot(page, `test-results/screenshots/${name}.png`);
}

const block = (page: Page, type: string) => page.locator(`[data-block-type="${type}"]`);

test.describe('store preview, desktop', () => {
  test('shows every block kind of the published decoration', async ({ page }) => {
    await page.goto('/stores/lumen-audio');
    await expect(page.getByRole('heading', { level: 1, name: 'Lumen Audio' })).toBeVisible();

    const hero = block(page, 'brand_hero');
    await expect(hero.getByRole('heading', { level: 2, name: 'Sound built for the details' })).toBeVisible();
    await expect(hero.getByText(/Custom drivers, studio tuning/)).toBeVisible();

    const notice = block(page, 'notice').filter({ hasText: '30-day returns' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: /Learn more/ })).toHaveAttribute('href', '/stores/lumen-audio/products/aurora-wireless-earbuds-pro');
    // The disabled notice is not rendered.
    await expect(page.getByText('Support replies may be slower')).toHaveCount(0);

    const banner = block(page, 'image_banner').filter({ visible: true });
    await expect(banner).toHaveCount(1);
    // The banner's message is on screen, not only in the picture's alt.
    await expect(banner.getByText('Bookshelf speakers: wood cabinets, a warm soundstage')).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Bookshelf speakers: wood cabinets, a warm soundstage' })).toBeVisible();

    const collection = block(page, 'product_collection').first();
    await expect(collection.getByRole('heading', { level: 2, name: 'New in headphones' })).toBeVisible();
    const cards = collection.locator('.sf-card');
    await expect(cards).toHaveCount(8);
    for (const card of await cards.all()) {
      await expect(card.locator('img')).toHaveAttribute('src', /^\/media\/catalog\/.+\.svg$/);
      await expect(card.locator('.sf-card__title')).not.toBeEmpty();
      await expect(card.locator('.sf-card__price')).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    }
    await shot(page, 'lumen-audio-desktop-en');
  });

  test('plays the hero video', async ({ page }) => {
    await page.goto('/stores/lumen-audio');
    const video = block(page, 'brand_hero').locator('video');
    await expect(video).toHaveAttribute('poster', /lumen-hero-poster\.jpg$/);
    await expect(video).toHaveAttribute('aria-label', /sound wave/);
    await expect(video).toHaveAttribute('controls', '');
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
    expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
  });

  test('applies the block theme', async ({ page }) => {
    await page.goto('/stores/lumen-audio');
    const muted = page.locator('[data-block-type="product_collection"][data-surface="muted"] .sf-surface');
    await expect(muted).toHaveCSS('background-color', 'rgb(244, 245, 247)');
    const elevated = page.locator('[data-block-type="product_collection"][data-surface="elevated"] .sf-surface');
    await expect(elevated).toHaveCSS('box-shadow', /rgba/);
    const neutral = page.locator('[data-block-type="product_collection"][data-accent="neutral"] .sf-card__price').first();
    await expect(neutral).toHaveCSS('color', 'rgb(38, 43, 51)');
    const primary = page.locator('[data-block-type="product_collection"][data-accent="primary"] .sf-card__price').first();
    await expect(primary).toHaveCSS('color', 'rgb(29, 57, 196)');
  });

  test('switches the locale with links, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/stores/lumen-audio');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: '中文' }).click();
    await expect(page).toHaveURL(/\/stores\/lumen-audio\?locale=zh-CN$/);
    await expect(page.locator('.sf-page')).toHaveAttribute('lang', 'zh-CN');
    await expect(block(page, 'brand_hero').getByRole('heading', { level: 2 })).toHaveText('为细节而生的声音');
    await expect(page.getByRole('heading', { level: 2, name: '耳机新品' })).toBeVisible();
    await expect(page.getByRole('link', { name: /了解详情/ })).toHaveAttribute('href', /locale=zh-CN/);
    // Product titles follow the locale; prices stay in the market currency, formatted for zh-CN.
    const card = block(page, 'product_collection').first().locator('.sf-card').first();
    await expect(card.locator('.sf-card__title')).toHaveText(/[\u4e00-\u9fff]/);
    await expect(card.locator('.sf-card__price')).toHaveText(/^US\$\d/);
    await expect(page.getByRole('navigation', { name: '语言' }).getByRole('link', { name: '中文' })).toHaveAttribute('aria-current', 'true');
    await shot(page, 'lumen-audio-desktop-zh');

    await page.getByRole('link', { name: 'English' }).click();
    await expect(block(page, 'brand_hero').getByRole('heading', { level: 2 })).toHaveText('Sound built for the details');
    await context.close();
  });

  test('serves a zh-CN store in CNY by default', async ({ page }) => {
    await page.goto('/stores/huaxia-digital');
    await expect(page.locator('.sf-page')).toHaveAttribute('lang', 'zh-CN');
    await expect(block(page, 'brand_hero').getByRole('heading', { level: 2 })).toHaveText('正品数码，次日达');
    await expect(page.locator('.sf-card__price').first()).toHaveText(/^¥\d/);
    await shot(page, 'huaxia-digital-desktop-zh');
  });

  test('opens a product from a collection', async ({ page }) => {
    await page.goto('/stores/lumen-audio');
    const card = block(page, 'product_collection').first().locator('.sf-card').first();
    const title = (await card.locator('.sf-card__title').textContent())!;
    const price = (await card.locator('.sf-card__price').textContent())!;
    await card.click();
    await expect(page).toHaveURL(/\/stores\/lumen-audio\/products\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('product-price')).toContainText(price.replace(/^From /, ''));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Lumen Audio' })).toBeVisible();
    await shot(page, 'lumen-audio-product-en');
  });

  test('answers 404 for an unknown store or product', async ({ page }) => {
    expect((await page.goto('/stores/no-such-store'))?.status()).toBe(404);
    expect((await page.goto('/stores/lumen-audio/products/no-such-product'))?.status()).toBe(404);
  });

  for (const path of ['/stores/lumen-audio', '/stores/lumen-audio?locale=zh-CN', '/stores/huaxia-digital', '/stores/lumen-audio/products/aurora-wireless-earbuds-pro']) {
    test(`has no serious accessibility violation: ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectAxeClean(page);
    });
  }
});

test.describe('store preview, mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('hides blocks marked mobile: false and shows mobile-only ones', async ({ page }) => {
    await page.goto('/stores/lumen-audio');
    const banners = block(page, 'image_banner');
    await expect(banners).toHaveCount(2);
    await expect(banners.filter({ has: page.locator('img[src$="lumen-banner.svg"]') })).toBeHidden();
    await expect(banners.filter({ has: page.locator('img[src$="lumen-banner-mobile.svg"]') })).toBeVisible();
    await expect(block(page, 'brand_hero')).toBeVisible();
    await expect(block(page, 'product_collection').first()).toBeVisible();
    await shot(page, 'lumen-audio-mobile-en');
    await expectAxeClean(page);
  });

  test('shows the desktop banner again on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/stores/lumen-audio');
    await expect(page.locator('img[src$="lumen-banner.svg"]')).toBeVisible();
    await expect(page.locator('img[src$="lumen-banner-mobile.svg"]')).toBeHidden();
  });
});
