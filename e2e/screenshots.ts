import type { Page } from './test';

/**
 * A full-page screenshot for people reviewing the pages (test-results/), not for an assertion.
 * Under CI they are not taken unless E2E_SCREENSHOTS=1: nobody looks at a CI run's files, and on
 * a loaded 2-core host a full page took 0.1-1.8 s (322 shots in one CI-like run: 103 s of lane
 * time, 0.32 s each, a fourteenth of the browser step). A failing test still gets Playwright's own
 * screenshot and trace.
 */
export async function screenshot(page: Page, path: string): Promise<void> {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  await page.screenshot({ path, fullPage: true });
}
