import { defineConfig, devices } from '@playwright/test';
import { dealLanes, specFiles } from './e2e/lanes';

/**
 * Browser tests (e2e/*.spec.ts) in Debian's chromium against a production build, in lanes
 * (e2e/lanes.ts): lane i is a server on port E2E_PORT + i with its own throwaway database
 * (scripts/e2e-server.ts) and a project that runs its share of the spec files one test at a time.
 * Playwright's own browser download cannot reach its host here, so the system browser is used.
 */
const basePort = Number(process.env.E2E_PORT ?? 3210);
// One database (E2E_DATABASE_URL) holds one lane's data.
const laneCount = process.env.E2E_DATABASE_URL ? 1 : Math.max(1, Number(process.env.E2E_LANES ?? 2));
const lanes = dealLanes(specFiles('e2e'), laneCount).filter((files) => files.length > 0);

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

const baseURL = (lane: number) => `http://127.0.0.1:${basePort + lane}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Separate dirs (and E2E_PORT, E2E_NEXT_DIST_DIR) let two runs share one checkout.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  fullyParallel: false,
  // One worker per lane; each lane's project allows one at a time.
  workers: lanes.length,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // The budget of a journey's first page; every further page it loads or screen it checks adds
  // e2e/test.ts's PAGE_BUDGET_MS. A server action on a loaded CI host was seen to take 10 s.
  timeout: 30_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: process.env.E2E_REPORT_DIR ?? 'playwright-report' }]]
    : 'list',
  use: {
    launchOptions: chromium,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: lanes.map((files, lane) => ({
    name: `lane-${lane + 1}`,
    testMatch: files,
    workers: 1,
    use: { ...devices['Desktop Chrome'], launchOptions: chromium, baseURL: baseURL(lane) },
  })),
  webServer: lanes.map((_, lane) => ({
    command: `${process.execPath} node_modules/.bin/tsx --conditions=react-server scripts/e2e-server.ts`,
    url: `${baseURL(lane)}/api/health`,
    // Playwright starts the servers one after another, each once the one before answers: the
    // first builds (outside CI, which serves its own build), the others serve that build.
    env: { E2E_PORT: String(basePort + lane), ...(lane > 0 ? { E2E_SKIP_BUILD: '1' } : {}) },
    reuseExistingServer: !process.env.CI,
    // SIGTERM lets scripts/e2e-server.ts remove its throwaway database.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    timeout: 600_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
