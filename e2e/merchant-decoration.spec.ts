import { readFileSync } from 'node:fs';
import { type Page, expect as baseExpect, test } from './test';
import { expectAxeClean } from './axe';
import { e2eDemoFile } from './demo-file';
import { screenshot } from './screenshots';

/**
 * The decoration studio in a browser: a merchant edits the phone banner's text, previews the draft
 * at phone width, publishes it and sees it on the storefront, then rolls back and sees the old
 * text again. Every studio page passes axe and is photographed in both languages at desktop and
 * phone width; another store's studio is the console's 404.
 */

// Signing in (argon2id) and the studio (the draft, its preview and the storefront in a frame) are
// slow on a loaded machine: give each step and each test room.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

type Demo = { merchantUsers: { store: string; email: string; password: string }[] };
const demo = (baseURL: string): Demo => JSON.parse(readFileSync(e2eDemoFile(baseURL), 'utf8')) as Demo;

const STUDIO = '/merchant/lumen-audio/decoration';
const HISTORY = `${STUDIO}/history`;
const OLD_TEXT = 'Bookshelf speakers';
const NEW_TEXT = 'Bookshelf speakers, now in walnut';

async function signIn(page: Page, baseURL: string) {
  const user = demo(baseURL).merchantUsers.find((u) => u.store === 'lumen-audio')!;
  await page.goto(`/merchant/sign-in?${new URLSearchParams({ callbackUrl: STUDIO })}`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${STUDIO}$`));
}

/** The phone banner of the demo store's decoration (image banner shown on phones only). */
const phoneBanner = (page: Page) => page.getByTestId('block').filter({ has: page.getByText('Phone only', { exact: true }) });

async function shoot(page: Page, name: string) {
  for (const [label, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `test-results/screenshots/merchant-decoration-${name}-${label}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a merchant edits a banner, previews it at phone width, publishes it, and rolls back', async ({ page, baseURL }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseURL!);
  await expect(page.getByRole('heading', { level: 1, name: 'Decoration' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Decoration' })).toHaveAttribute('aria-current', 'page');
  await expectAxeClean(page);

  // Edit the phone banner's English text and save it to the draft.
  const banner = phoneBanner(page);
  await banner.getByText(/^Edit /).click();
  const field = banner.getByLabel('Message over the picture (English)');
  await expect(field).toHaveValue(OLD_TEXT);
  await field.fill(NEW_TEXT);
  await banner.getByRole('button', { name: 'Save to the draft' }).click();
  await expect(phoneBanner(page).getByTestId('block-notice')).toHaveText('Saved to the draft.');
  await expect(phoneBanner(page)).toContainText(NEW_TEXT);

  // The preview at phone width shows the draft with the storefront's own page; the live store does not yet.
  await page.getByText('Phone', { exact: true }).click();
  await expect.poll(async () => (await page.getByTestId('preview-frame').boundingBox())?.width).toBe(390);
  const preview = page.frameLocator('[data-testid="preview-frame"]');
  await expect(preview.getByTestId('preview-bar')).toBeVisible();
  // The phone banner is hidden on wider screens: seeing it means the store's page is at phone width.
  await expect(preview.getByText(NEW_TEXT)).toBeVisible();
  const share = await page.getByTestId('share-link').inputValue();
  expect(new URL(share).pathname).toBe('/stores/lumen-audio');
  expect(new URL(share).searchParams.get('preview')).toMatch(/\./);
  await expectAxeClean(page);

  // Publish, confirming first.
  const live = await page.getByTestId('live-version').textContent();
  const before = Number(/Version (\d+)/.exec(live ?? '')?.[1]);
  await page.getByTestId('publish').locator('summary').click();
  await page.getByTestId('publish').locator('button[type="submit"]', { hasText: 'Publish now' }).click();
  await expect(page.getByTestId('studio-notice')).toHaveText(`Published as version ${before + 1}. Shoppers see it now.`);
  await expect(page.getByTestId('live-version')).toHaveText(`Version ${before + 1} is live`);

  // The storefront shows it, on a phone.
  const shopper = await page.context().newPage();
  await shopper.setViewportSize({ width: 390, height: 844 });
  await shopper.goto('/stores/lumen-audio?locale=en-US');
  await expect(shopper.getByText(NEW_TEXT)).toBeVisible();

  // History: the new version with what it changed; roll back to the one before, confirming first.
  await page.goto(HISTORY);
  await expect(page.getByRole('heading', { level: 1, name: 'Decoration history' })).toBeVisible();
  const newest = page.getByTestId('version').first();
  await expect(newest).toContainText(`Version ${before + 1}`);
  await expect(newest).toContainText('Live');
  await expect(newest.getByTestId('version-changes')).toContainText('Changed: Notice, Image banner');
  await expect(page.getByTestId('activity')).toContainText('published');
  await expectAxeClean(page);
  const previous = page.locator(`[data-testid="version"][data-version="${before}"]`);
  await previous.locator('summary', { hasText: `Roll back to version ${before}` }).click();
  await previous.locator('button[type="submit"]', { hasText: `Roll back to version ${before}` }).click();
  await expect(page.getByTestId('history-notice')).toHaveText(`Version ${before} is live again, published as version ${before + 2}.`);
  await expect(page.getByTestId('version').first()).toContainText(`Rollback to version ${before}`);
  await expect(page.getByTestId('activity')).toContainText('rolled back');

  await shopper.reload();
  await expect(shopper.getByText(OLD_TEXT, { exact: true })).toBeVisible();
  await expect(shopper.getByText(NEW_TEXT)).toHaveCount(0);
  await shopper.close();
});

test('a field the schema refuses is shown next to it, and nothing is saved', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  const revision = await page.getByTestId('draft-revision').textContent();
  const banner = phoneBanner(page);
  await banner.getByText(/^Edit /).click();
  await banner.getByLabel('Address', { exact: true }).fill('not a url');
  await banner.getByLabel('Width (px)').fill('wide');
  await banner.getByRole('button', { name: 'Save to the draft' }).click();
  await expect(banner.getByRole('alert')).toHaveText('Please correct the fields marked below.');
  const errors = banner.getByTestId('field-error');
  await expect(errors).toHaveText(['Enter an absolute http(s) address, or a path starting with /media/.', 'Enter a whole number greater than 0, or leave it empty.']);
  await expect(banner.getByLabel('Address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(banner.getByLabel('Address', { exact: true })).toHaveValue('not a url');
  await page.reload();
  await expect(page.getByTestId('draft-revision')).toHaveText(revision!);
});

test('another store’s studio is the console’s not-found page', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  const res = await page.goto('/merchant/huaxia-digital/decoration');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('console-not-found')).toBeVisible();
  expect((await page.goto('/merchant/huaxia-digital/decoration/history'))?.status()).toBe(404);
});

test('the preview may be framed by the console only; the storefront never', async ({ request }) => {
  const preview = await request.get('/stores/lumen-audio?preview=x');
  expect(preview.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(preview.headers()['x-frame-options']).toBe('SAMEORIGIN');
  const store = await request.get('/stores/lumen-audio');
  expect(store.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(store.headers()['x-frame-options']).toBe('DENY');
});

test('every studio page in both languages, at desktop and phone width, passes axe', async ({ page, baseURL }) => {
  test.setTimeout(420_000);
  await signIn(page, baseURL!);
  for (const lang of ['en-US', 'zh-CN'] as const) {
    await page.goto(`/merchant/language?${new URLSearchParams({ lang, next: STUDIO })}`);
    await expect(page.locator('.mcs')).toHaveAttribute('lang', lang);
    const suffix = lang === 'zh-CN' ? 'zh' : 'en';
    await expectAxeClean(page);
    await shoot(page, `studio-${suffix}`);
    // A block's form open, and the phone preview chosen.
    await page.getByTestId('block').first().locator('summary', { hasText: lang === 'zh-CN' ? '编辑' : 'Edit' }).click();
    await page.locator('label[for="dst-width-phone"]').click();
    await expectAxeClean(page);
    await shoot(page, `studio-editing-${suffix}`);
    await page.goto(HISTORY);
    await expectAxeClean(page);
    await shoot(page, `history-${suffix}`);
  }
});
