import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAxeClean } from './axe';
import { e2eDemoFile } from './demo-file';

/**
 * The console's pages no journey of its own covers (sign-in, the store picker, a store's home, the
 * Developers overview and the merchant's own account), in both languages at desktop and phone
 * width: each shows its heading, fits the width with no sideways scrolling, passes axe, and is
 * screenshotted into test-results/screenshots/ beside the journeys' shots of every other page.
 */

type MerchantUser = { store: string; email: string; password: string };

const STORE = 'lumen-audio';
const pages = [
  { name: 'home', path: '/merchant' },
  { name: 'store-home', path: `/merchant/${STORE}` },
  { name: 'developers-overview', path: `/merchant/${STORE}/developers` },
  { name: 'account', path: `/merchant/${STORE}/account` },
];

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const viewport of [
    { label: 'desktop', width: 1280, height: 900 },
    { label: 'phone', width: 390, height: 844 },
  ]) {
    test(`console pages, ${locale}, ${viewport.label}: heading, no sideways scroll, axe clean, screenshot`, async ({ browser, baseURL }) => {
      const lang = locale === 'zh-CN' ? 'zh' : 'en';
      const context = await browser.newContext({ baseURL, viewport, locale });
      await context.addCookies([{ name: 'mc_lang', value: locale, url: baseURL! }]);
      const page = await context.newPage();
      const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.goto('/merchant/sign-in');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await fits();
      await expectAxeClean(page);
      await page.screenshot({ path: `test-results/screenshots/merchant-sign-in-${lang}-${viewport.label}.png`, fullPage: true });

      const info = JSON.parse(readFileSync(e2eDemoFile(baseURL!), 'utf8')) as { merchantUsers: MerchantUser[] };
      const user = info.merchantUsers.find((u) => u.store === STORE)!;
      await page.locator('input[name="email"]').fill(user.email);
      await page.locator('input[name="password"]').fill(user.password);
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('input[name="password"]')).toHaveCount(0);

      for (const { name, path } of pages) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await fits();
        await expectAxeClean(page);
        await page.screenshot({ path: `test-results/screenshots/merchant-${name}-${lang}-${viewport.label}.png`, fullPage: true });
      }
      await context.close();
    });
  }
}
