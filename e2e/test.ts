import { type BrowserContext, type Page, test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

/**
 * The journeys' time budget grows with their work: a test starts with the config's budget and each
 * page it loads (a main-frame navigation in any of its contexts: goto, a link, a form's redirect)
 * and each screen it checks with axe (e2e/axe.ts: a page, or a state a page moved to in place)
 * adds PAGE_BUDGET_MS. A journey through eight pages is not held to the budget of one, and one that
 * loops (a redirect chain) still stops, at MAX_BUDGET_MS. On a quiet machine a console page with
 * axe and a screenshot takes 1-2 s; the budget is for a loaded 2-core CI host running the
 * integration tests beside the browser, where the same page was seen to take four times as long.
 */
export const PAGE_BUDGET_MS = 15_000;
const MAX_BUDGET_MS = 15 * 60_000;

/** Adds one page's budget to the running test's (none outside a test, or under `timeout: 0`). */
export function extendBudget() {
  const info = base.info();
  if (info.timeout > 0) info.setTimeout(Math.min(info.timeout + PAGE_BUDGET_MS, MAX_BUDGET_MS));
}

type Budget = { watch: (context: BrowserContext) => void };

export const test = base.extend<{ pageBudget: Budget; context: BrowserContext }>({
  pageBudget: [
    async ({ browser }, use, testInfo) => {
      const watched = new WeakSet<BrowserContext>();
      const watchPage = (page: Page) =>
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame() && testInfo.timeout > 0) testInfo.setTimeout(Math.min(testInfo.timeout + PAGE_BUDGET_MS, MAX_BUDGET_MS));
        });
      const watch = (context: BrowserContext) => {
        if (watched.has(context)) return;
        watched.add(context);
        context.pages().forEach(watchPage);
        context.on('page', watchPage);
      };
      // Contexts a test opens itself (another locale, a second shopper) count as well.
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args);
        watch(context);
        return context;
      };
      try {
        await use({ watch });
      } finally {
        browser.newContext = newContext;
      }
    },
    { auto: true },
  ],
  context: async ({ context, pageBudget }, use) => {
    pageBudget.watch(context);
    await use(context);
  },
});
