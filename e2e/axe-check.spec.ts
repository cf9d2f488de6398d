import { expectAxeClean } from './axe';
import { expect, test } from './test';

/**
 * The journeys' axe check itself (e2e/axe.ts): it must fail on a serious violation, in the page and
 * in an iframe, or every "axe clean" in the other journeys proves nothing. No server needed.
 */
const clean = '<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Fine</h1></main></body></html>';

test('a clean page passes', async ({ page }) => {
  await page.setContent(clean);
  await expectAxeClean(page);
});

test('an image without a text alternative fails the check', async ({ page }) => {
  await page.setContent(clean.replace('<h1>Fine</h1>', '<h1>Fine</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'));
  await expect(expectAxeClean(page)).rejects.toThrow(/image-alt \(critical\)/);
});

test('a violation inside an iframe fails the check too', async ({ page }) => {
  const inner = '<!doctype html><html lang="en"><head><title>Inner</title></head><body><main><button></button></main></body></html>';
  await page.setContent(clean.replace('<h1>Fine</h1>', `<h1>Fine</h1><iframe title="Preview" srcdoc='${inner}'></iframe>`));
  await expect(page.frameLocator('iframe').locator('button')).toHaveCount(1);
  await expect(expectAxeClean(page)).rejects.toThrow(/button-name \(critical\)/);
});
