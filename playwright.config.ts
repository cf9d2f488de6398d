import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests (e2e/*.spec.ts) in Debian's chromium against a production build on its own port
 * and its own throwaway database (scripts/e2e-server.ts). Playwright's own browser download
 * cannot reach its host here, so the system browser is used.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Separate dirs (and E2E_PORT, E2E_NEXT_DIST_DIR) let two runs share one checkout.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL,
    launchOptions: chromium,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    command: `${process.execPath} node_modules/.bin/tsx --conditions=react-server scripts/e2e-server.ts`,
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: !process.env.CI,
    // SIGTERM lets scripts/e2e-server.ts remove its throwaway database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
