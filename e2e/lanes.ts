import { readdirSync } from 'node:fs';

/**
 * The browser journeys run in lanes: each lane is its own server on its own port with its own
 * throwaway database, and one browser working through its share of the spec files one test at a
 * time (the journeys of one server share its data, so a lane never runs two at once). Lanes let the
 * journeys use both cores, instead of one browser and one server taking turns on one.
 *
 * Files are dealt to lanes longest first, each to the lane with the least work so far, by the
 * seconds below (the sum of each file's test times in `CI=true bash .ci/run` from a fresh clone on
 * this 2-core kind of machine, the integration tests running beside, 2026-11-28). A spec not listed
 * counts as DEFAULT_SECONDS until measured.
 */
const SECONDS: Record<string, number> = {
  'merchant-developers.spec.ts': 215,
  'merchant-decoration.spec.ts': 173,
  'merchant-settings.spec.ts': 170,
  'merchant-orders.spec.ts': 163,
  'merchant-console-pages.spec.ts': 136,
  'storefront-browse.spec.ts': 116,
  'shopper-defects.spec.ts': 110,
  'merchant-products.spec.ts': 100,
  'merchant-inventory.spec.ts': 78,
  'merchant-import.spec.ts': 45,
  'order-page.spec.ts': 71,
  'storefront.spec.ts': 69,
  'storefront-checkout.spec.ts': 62,
  'oauth-flow.spec.ts': 53,
  'checkout.spec.ts': 42,
  // Not yet measured in a CI run: 60 s + 25 s for its two journeys alone in one lane on this machine (npx playwright test e2e/order-email.spec.ts).
  'order-email.spec.ts': 90,
  // Not yet measured in a CI run: 83 s for its nine steps alone in one lane on this machine, other benchmarks running beside (npx playwright test e2e/catalog-journey.spec.ts).
  'catalog-journey.spec.ts': 83,
  // Not yet measured in a CI run: 56 s for its six journeys alone in one lane on this machine (npx playwright test e2e/stripe-payments.spec.ts), with room for a loaded CI host.
  'stripe-payments.spec.ts': 90,
  // Not yet measured in a CI run: 6.8 s for its one journey alone in one lane on this machine (npx playwright test e2e/alipay-checkout.spec.ts, 2026-11-28), rounded up for a loaded run.
  'alipay-checkout.spec.ts': 20, // 2026-11-28: 15.3 s for its three journeys alone in one lane (6.6 + 4.7 + 4.0 s, CI=true npx playwright test e2e/alipay-checkout.spec.ts), rounded up for a loaded run.
  'security-headers.spec.ts': 41,
  'console-defects.spec.ts': 35,
  'store-access.spec.ts': 30,
  'sdk-package.spec.ts': 23,
  'merchant-cookies.spec.ts': 8,
  'cached-reads.spec.ts': 2,
  'axe-check.spec.ts': 3,
};
const DEFAULT_SECONDS = 30;

/**
 * The ports of a run: lane i serves on E2E_PORT + i (E2E_LANES is at most MAX_LANES); beside each
 * lane its fake Stripe listens MAX_LANES above the lane and its fake Alipay gateway 2 x MAX_LANES
 * above, so a run holds the block E2E_PORT .. E2E_PORT + 3 x MAX_LANES - 1 and no more (.ci/run
 * reserves that block free, so two runs on one machine never meet).
 */
export const MAX_LANES = 8;
export function fakeProviderPorts(lanePort: number | string): { stripe: number; alipay: number } {
  return { stripe: Number(lanePort) + MAX_LANES, alipay: Number(lanePort) + 2 * MAX_LANES };
}

/**
 * The database of the lane serving on `port` on the PostgreSQL server `serverUrl`
 * (E2E_POSTGRES_URL): the server's URL with the lane's own database name.
 */
export function laneDatabaseUrl(serverUrl: string, port: number | string): string {
  const url = new URL(serverUrl);
  url.pathname = `/sc_e2e_${port}`;
  return url.toString();
}

export function specSeconds(file: string): number {
  return SECONDS[file] ?? DEFAULT_SECONDS;
}

export function specFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
}

/** The spec files of each lane: the longest dealt first, each to the lane with the least so far. */
export function dealLanes(files: readonly string[], lanes: number): string[][] {
  const cost = specSeconds;
  const dealt = Array.from({ length: lanes }, () => ({ files: [] as string[], seconds: 0 }));
  for (const file of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const lane = dealt.reduce((least, l) => (l.seconds < least.seconds ? l : least));
    lane.files.push(file);
    lane.seconds += cost(file);
  }
  return dealt.map((l) => l.files);
}
