import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, extendBudget } from './test';

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
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}
