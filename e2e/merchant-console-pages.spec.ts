import { expectAxeClean } from './axe';
import { signedIn } from './merchant';
import { type BrowserContext, expect, test } from './test';
import { screenshot } from './screenshots';

/**
 * The console's pages no journey of its own covers (sign-in, the store picker, a store's home, the
 * Developers overview and the merchant's own account), in both languages at desktop and phone
 * width: each shows its heading, fits the width with no sideways scrolling, passes axe, and is
 * screenshotted into test-results/screenshots/ beside the journeys' shots of every other page.
 * One page per test: the merchant signs in once per language and each page opens in a context
 * holding that session.
 */

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const STORE = 'lumen-audio';
const pages = [
  { name: 'home', path: '/merchant' },
  { name: 'store-home', path: `/merchant/${STORE}` },
  { name: 'developers-overview', path: `/merchant/${STORE}/developers` },
  { name: 'account', path: `/merchant/${STORE}/account` },
];
const viewports = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
] as const;

for (const locale of ['en-US', 'zh-CN'] as const) {
  const lang = locale === 'zh-CN' ? 'zh' : 'en';

  test.describe(`console pages, ${locale}`, () => {
    let signedInState: StorageState;

    test.beforeAll(async ({ browser, baseURL }) => {
      const { context } = await signedIn(browser, baseURL!, STORE, locale);
      signedInState = await context.storageState();
      await context.close();
    });

    for (const viewport of viewports) {
      test(`sign-in, ${viewport.label}: heading, no sideways scroll, axe clean, screenshot`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({ baseURL, viewport, locale });
        await context.addCookies([{ name: 'mc_lang', value: locale, url: baseURL! }]);
        const page = await context.newPage();
        await page.goto('/merchant/sign-in');
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await expectAxeClean(page);
        await screenshot(page, `test-results/screenshots/merchant-sign-in-${lang}-${viewport.label}.png`);
        await context.close();
      });

      for (const { name, path } of pages) {
        test(`${name}, ${viewport.label}: heading, no sideways scroll, axe clean, screenshot`, async ({ browser, baseURL }) => {
          const context = await browser.newContext({ baseURL, viewport, locale, storageState: signedInState });
          const page = await context.newPage();
          const res = await page.goto(path);
          expect(res?.status(), path).toBe(200);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await expectAxeClean(page);
          await screenshot(page, `test-results/screenshots/merchant-${name}-${lang}-${viewport.label}.png`);
          await context.close();
        });
      }
    }
  });
}
