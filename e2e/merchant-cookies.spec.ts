import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { type BrowserContext, expect, test } from './test';
import { expectAxeClean } from './axe';
import { screenshot } from './screenshots';

/**
 * A browser that refuses cookies cannot sign in. It used to be sent between the sign-in page and
 * /merchant/csrf until it gave up with a redirect error; it now gets the sign-in page once more,
 * saying what is wrong, in its language.
 */
test.describe('a browser set to block all cookies', () => {
  let profile: string;
  let context: BrowserContext;

  test.beforeAll(async ({ launchOptions }) => {
    // Chromium's own "Block all cookies" setting, in a fresh profile's preferences.
    profile = mkdtempSync(path.join(tmpdir(), 'sc-e2e-no-cookies-'));
    mkdirSync(path.join(profile, 'Default'));
    writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }));
    context = await chromium.launchPersistentContext(profile, { ...launchOptions, headless: true });
  });

  test.afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('is told so on the sign-in page, not sent round in a loop', async ({ baseURL, pageBudget }) => {
    pageBudget.watch(context);
    const page = await context.newPage();
    const roundTrips: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/merchant/csrf') roundTrips.push(r.url());
    });

    await page.goto(`${baseURL}/merchant/sign-in?lang=zh-CN`);
    await expect(page).toHaveURL(/\/merchant\/sign-in\?.*cookies=1/);
    const notice = page.getByTestId('cookies-needed');
    await expect(notice).toContainText('登录需要使用 Cookie');
    await expect(page.getByRole('button', { name: '登录' })).toHaveCount(0);
    expect(roundTrips).toHaveLength(1);
    expect(await context.cookies()).toEqual([]);
    await expectAxeClean(page);
    await screenshot(page, 'test-results/screenshots/merchant-cookies-needed-zh.png');

    // Trying again without cookies gives the same answer after one more round trip, never a loop.
    await notice.getByRole('link', { name: '重试' }).click();
    await expect(page).toHaveURL(/\/merchant\/sign-in\?.*cookies=1/);
    await expect(page.getByTestId('cookies-needed')).toBeVisible();
    expect(roundTrips).toHaveLength(2);
  });
});

test('with cookies, the round trip is invisible: the sign-in form is there', async ({ page }) => {
  await page.goto('/merchant/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByTestId('cookies-needed')).toHaveCount(0);
});
