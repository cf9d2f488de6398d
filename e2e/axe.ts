import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { type Page, expect, extendBudget } from './test';

/**
 * axe-core's own build, put into each frame of the page as it stands. @axe-core/playwright's
 * AxeBuilder does more per check than a journey needs: it runs axe partially in every frame, then
 * opens a blank page in the context, puts axe there too and assembles the results, passes and all.
 * Measured on this 2-core machine (three pages, three times each, the machine loaded by other work):
 * 8.4 s a check through AxeBuilder, 3.2 s this way, with the same violations. axe's own frame
 * messaging still reaches an iframe (the decoration studio's preview) because axe is in it too.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function runAxe(page: Page): Promise<AxeResults> {
  for (const frame of page.frames()) {
    // A frame may navigate or go away meanwhile: axe then reports it as unreachable, as AxeBuilder does.
    // A document checked before (a state a page moved to in place) has axe already: compiling its
    // half a megabyte again took 0.1-0.7 s on a loaded CI host.
    const present = await frame.evaluate(() => typeof window.axe !== 'undefined').catch(() => false);
    if (present) continue;
    await frame
      .evaluate(`${AXE_SOURCE};axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`)
      .catch(() => undefined);
  }
  return page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'], iframes: true }));
}

declare global {
  interface Window {
    axe: typeof import('axe-core');
  }
}

/**
 * No serious or critical axe violation on the page as a shopper sees it. Next streams the
 * metadata of pages whose title is computed, so the title can arrive after the content a test
 * waited for: wait for it first, or axe may run on a page that has none yet.
 *
 * Each check is a screen of the journey (a page, or a state a page moved to without loading
 * another, such as the checkout's payment step): it adds one page's budget to the test's.
 */
export async function expectAxeClean(page: Page) {
  extendBudget();
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await runAxe(page);
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}
