import { expectAxeClean } from './axe';
import { type BrowserContext, expect, type Page, test } from './test';
import { screenshot } from './screenshots';

/**
 * A shopper's journeys through a store: search (Chinese and English), a category to its last
 * page, a product and its variants, the store's 404; Core Web Vitals of the product list and the
 * product page on a mid-range phone; and never a request to another host. Screenshots of each
 * page, desktop and mobile, in both languages, are kept under test-results/screenshots/.
 */

const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Every request a page makes goes to the app itself. */
function watchHosts(context: BrowserContext): () => string[] {
  const others = new Set<string>();
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.host !== new URL(test.info().project.use.baseURL!).host) others.add(url.href);
  });
  return () => [...others];
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await screenshot(page, `test-results/screenshots/${name}.png`);
}

const cards = (page: Page) => page.getByTestId('product-grid').locator('.sf-card');

function amount(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

test.describe('a shopper browsing, desktop', () => {
  let hosts: () => string[];
  test.beforeEach(({ context }) => {
    hosts = watchHosts(context);
  });
  test.afterEach(() => {
    expect(hosts()).toEqual([]);
  });

  test('searches in Chinese from the header, narrows by price and sorts', async ({ page }) => {
    await page.goto('/stores/huaxia-digital');
    const box = page.getByRole('searchbox', { name: '搜索 华夏数码 的商品' });
    await box.fill('耳机');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/stores\/huaxia-digital\/search\?q=%E8%80%B3%E6%9C%BA$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“耳机”的搜索结果');
    await expect(page.getByTestId('result-count')).toHaveText(/^共 20 件商品/);
    for (const title of await cards(page).locator('.sf-card__title').allTextContents()) expect(title).toContain('耳机');
    await expect(box).toHaveValue('耳机');
    await shot(page, 'search-zh-desktop');
    await expectAxeClean(page);

    const prices = page.getByRole('navigation', { name: '价格' });
    const band = prices.getByRole('link').nth(1);
    const bandCount = Number(await band.locator('.sf-chip__count').textContent());
    await band.click();
    await expect(page).toHaveURL(/price=\d+-\d*/);
    await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^共 ${bandCount} 件商品`));

    await page.getByRole('navigation', { name: '排序' }).getByRole('link', { name: '价格从低到高' }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page).toHaveURL(/price=/);
    const shown = (await cards(page).locator('.sf-card__price').allTextContents()).map(amount);
    expect(shown.length).toBe(bandCount);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  });

  test('searches in English with a typo, and an empty search offers ways on', async ({ page }) => {
    await page.goto('/stores/lumen-audio/search?q=wirless+earbuds');
    await expect(page.getByTestId('result-count')).toHaveText(/^\d+ products/);
    await expect(cards(page).first().locator('.sf-card__title')).toContainText('Earbuds');

    await page.goto('/stores/lumen-audio/search?q=zzqxv');
    const empty = page.getByTestId('search-empty');
    await expect(empty.getByRole('heading', { name: 'No products match “zzqxv”' })).toBeVisible();
    await shot(page, 'search-empty-en-desktop');
    await expectAxeClean(page);
    await page.getByRole('navigation', { name: 'Try searching for:' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(cards(page).first()).toBeVisible();
  });

  test('browses a category to its last page, each product once', async ({ page }) => {
    await page.goto('/stores/huaxia-digital/products?locale=en-US');
    await expect(page.getByTestId('result-count')).toHaveText(/^100 products · Page 1 of 5/);
    await shot(page, 'products-en-desktop');
    await page.getByRole('navigation', { name: 'Categories' }).first().getByRole('link', { name: 'Electronics' }).click();
    await expect(page).toHaveURL(/\/stores\/huaxia-digital\/categories\/electronics\?locale=en-US$/);
    const total = Number((await page.getByTestId('result-count').textContent())!.match(/^(\d+)/)![1]);
    const seen = new Set<string>();
    for (let n = 1; ; n++) {
      for (const slug of await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-product-slug')!))) seen.add(slug);
      const next = page.getByRole('link', { name: 'Next →' });
      if ((await next.count()) === 0) {
        await expect(page.getByRole('link', { name: `Page ${n} of ${n}` })).toHaveAttribute('aria-current', 'page');
        break;
      }
      await next.click();
      await expect(page).toHaveURL(new RegExp(`page=${n + 1}`));
    }
    expect(seen.size).toBe(total);
    await shot(page, 'category-last-page-en-desktop');
    await expectAxeClean(page);
  });

  test('opens a product, switches its variant with the keyboard, picks a quantity and sees every image', async ({ page }) => {
    await page.goto('/stores/lumen-audio/categories/headphones');
    await page.locator('.sf-card[data-product-slug="aurora-wireless-earbuds-pro"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aurora Wireless Earbuds Pro');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Headphones' })).toHaveAttribute('href', '/stores/lumen-audio/categories/headphones');
    await expect(crumbs.getByRole('link', { name: 'All products' })).toHaveAttribute('href', '/stores/lumen-audio/products');

    const form = page.locator('form#product-form');
    const first = await form.locator('input[name="skuId"]').inputValue();
    const checked = form.getByRole('radio', { checked: true });
    const before = await checked.getAttribute('value');
    await checked.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('selected-color')).not.toHaveText(before!);
    const colour = (await page.getByTestId('selected-color').textContent())!;
    // The gallery shows the chosen colour.
    await expect(page.getByTestId('gallery-main')).toHaveAttribute('src', new RegExp(`-${colour.toLowerCase()}\\.svg$`));
    const second = await form.locator('input[name="skuId"]').inputValue();
    expect(second).not.toBe(first);
    await expect(page).toHaveURL(new RegExp(`sku=${second}`));
    await expect(page.getByTestId('stock-state')).toHaveText(/In stock · Limit \d+ per order|Sold out/);

    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    if (await quantity.isEnabled()) {
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await expect(quantity).toHaveValue('2');
    }

    const thumbs = page.getByRole('button', { name: /^Show image \d of \d$/ });
    const count = await thumbs.count();
    expect(count).toBeGreaterThan(1);
    const main = page.getByTestId('gallery-main');
    await thumbs.nth(count - 1).click();
    await expect(thumbs.nth(count - 1)).toHaveAttribute('aria-pressed', 'true');
    await expect(main).toHaveAttribute('src', /-detail-/);
    // A shared link opens the same variant.
    await page.reload();
    await expect(form.locator('input[name="skuId"]')).toHaveValue(second);
    await shot(page, 'product-en-desktop');
    await expectAxeClean(page);
  });

  test('shows the store-branded 404 in the shopper language, and the site 404 for an unknown store', async ({ page }) => {
    const res = await page.goto('/stores/lumen-audio/products/no-such-thing?locale=zh-CN');
    expect(res?.status()).toBe(404);
    const problem = page.getByTestId('store-not-found');
    await expect(problem.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
    await expect(page.getByRole('searchbox')).toBeVisible();
    await expect(problem.getByRole('link', { name: '返回店铺' })).toHaveAttribute('href', '/stores/lumen-audio?locale=zh-CN');
    await shot(page, 'not-found-zh-desktop');
    await expectAxeClean(page);

    expect((await page.goto('/stores/lumen-audio/no/such/path'))?.status()).toBe(404);
    await expect(page.getByTestId('store-not-found').getByRole('heading', { name: 'Page not found' })).toBeVisible();

    expect((await page.goto('/stores/no-such-store'))?.status()).toBe(404);
    await expect(page.getByRole('link', { name: 'Lumen Audio' })).toBeVisible();
  });

  test('the home page introduces the demo and links the API reference', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Storefront Commerce' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Visit the store: 华夏数码' })).toHaveAttribute('href', '/stores/huaxia-digital');
    await expect(page.getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/docs');
    await shot(page, 'home-en-desktop');
    await expectAxeClean(page);
  });
});

test.describe('a shopper browsing, mobile', () => {
  test.use(MOBILE);
  let hosts: () => string[];
  test.beforeEach(({ context }) => {
    hosts = watchHosts(context);
  });
  test.afterEach(() => {
    expect(hosts()).toEqual([]);
  });

  for (const [path, name] of [
    ['/stores/huaxia-digital/search?q=%E8%80%B3%E6%9C%BA', 'search-zh-mobile'],
    ['/stores/lumen-audio/search?q=speaker&locale=en-US', 'search-en-mobile'],
    ['/stores/lumen-audio/products?locale=zh-CN', 'products-zh-mobile'],
    ['/stores/huaxia-digital/categories/headphones', 'category-zh-mobile'],
    ['/stores/lumen-audio/products/aurora-wireless-earbuds-pro?locale=zh-CN', 'product-zh-mobile'],
    ['/stores/huaxia-digital/products/wireless-bluetooth-earbuds-pro?locale=en-US', 'product-en-mobile'],
    ['/?locale=zh-CN', 'home-zh-mobile'],
  ] as const) {
    test(`fits a phone: ${name}`, async ({ page }) => {
      await page.goto(path);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, name);
      await expectAxeClean(page);
    });
  }
});

test.describe('Core Web Vitals on a mid-range phone', () => {
  test.use(MOBILE);

  for (const path of ['/stores/huaxia-digital/products', '/stores/lumen-audio/products/aurora-wireless-earbuds-pro']) {
    test(`LCP < 2.5 s and CLS < 0.1: ${path}`, async ({ page, context }) => {
      // A mid-range phone on a fast 4G link: CPU 4x slower, 150 ms RTT, 9 Mbit/s down.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (9 * 1024 * 1024) / 8,
        uploadThroughput: (1.5 * 1024 * 1024) / 8,
      });
      await page.goto(path, { waitUntil: 'load' });
      // Scroll once, as a shopper does, so shifts below the fold count too.
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(1000);
      const vitals = await page.evaluate(
        () =>
          new Promise<{ lcp: number; cls: number }>((resolve) => {
            let lcp = 0;
            let cls = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) lcp = Math.max(lcp, e.startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
                if (!e.hadRecentInput) cls += e.value;
              }
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve({ lcp, cls }), 200);
          }),
      );
      test.info().annotations.push({ type: 'vitals', description: `${path}: LCP ${Math.round(vitals.lcp)} ms, CLS ${vitals.cls.toFixed(3)}` });
      console.log(`vitals ${path}: LCP ${Math.round(vitals.lcp)} ms, CLS ${vitals.cls.toFixed(3)}`);
      expect(vitals.lcp).toBeGreaterThan(0);
      expect(vitals.lcp).toBeLessThan(2500);
      expect(vitals.cls).toBeLessThan(0.1);
    });
  }
});
