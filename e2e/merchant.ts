import { readFileSync } from 'node:fs';
import { e2eDemoFile } from './demo-file';
import { type Browser, type BrowserContext, type Page, expect } from './test';

export type MerchantUser = { store: string; email: string; password: string };

/** The seed's merchant user of a store, as scripts/e2e-seed.ts wrote it for the server on this base URL. */
export function merchantUser(baseURL: string, store: string): MerchantUser {
  const info = JSON.parse(readFileSync(e2eDemoFile(baseURL), 'utf8')) as { merchantUsers: MerchantUser[] };
  return info.merchantUsers.find((u) => u.store === store)!;
}

/** A new browser context in the console's language and width, its merchant signed in through the sign-in page. */
export async function signedIn(browser: Browser, baseURL: string, store: string, locale: 'en-US' | 'zh-CN' = 'en-US', width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale });
  await context.addCookies([{ name: 'mc_lang', value: locale, url: baseURL }]);
  const page = await context.newPage();
  const user = merchantUser(baseURL, store);
  await page.goto('/merchant/sign-in');
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/merchant(\/|$)/);
  await expect(page.locator('input[name="password"]')).toHaveCount(0);
  return { context, page };
}
