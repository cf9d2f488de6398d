import { readdirSync } from 'node:fs';

/**
 * The browser journeys run in lanes: each lane is its own server on its own port with its own
 * throwaway database, and one browser working through its share of the spec files one test at a
 * time (the journeys of one server share its data, so a lane never runs two at once). Lanes let the
 * journeys use both cores, instead of one browser and one server taking turns on one.
 *
 * Files are dealt to lanes longest first, each to the lane with the least work so far, by the
 * seconds below: the sum of each file's test times in `CI=true bash .ci/run` from a fresh clone on
 * this 2-core kind of machine with three lanes, 2026-11-28 11:17-11:27 UTC (the browser step alone,
 * other work on the machine beside it: load 8-17). security-headers and storefront-browse are that
 * run's figures less the two loads of /docs they no longer make. A spec not listed counts as
 * DEFAULT_SECONDS until measured.
 */
const SECONDS: Record<string, number> = {
  'merchant-developers.spec.ts': 117,
  'merchant-settings.spec.ts': 116,
  'merchant-decoration.spec.ts': 111,
  'storefront-browse.spec.ts': 108,
  'shopper-defects.spec.ts': 106,
  'storefront-checkout.spec.ts': 104,
  'merchant-orders.spec.ts': 102,
  'catalog-journey.spec.ts': 92,
  'merchant-console-pages.spec.ts': 83,
  'storefront.spec.ts': 64,
  'stripe-payments.spec.ts': 52,
  'merchant-products.spec.ts': 51,
  'order-email.spec.ts': 40,
  'merchant-inventory.spec.ts': 38,
  'oauth-flow.spec.ts': 37,
  'checkout.spec.ts': 29,
  'console-defects.spec.ts': 25,
  'security-headers.spec.ts': 25,
  'store-access.spec.ts': 22,
  'merchant-import.spec.ts': 20,
  'order-page.spec.ts': 20,
  // Its first journey took 18 s in that run; the two added since took 8.7 s alone on a quiet machine.
  'alipay-checkout.spec.ts': 30,
  'sdk-package.spec.ts': 16,
  'axe-check.spec.ts': 9,
  'merchant-cookies.spec.ts': 7,
  'cached-reads.spec.ts': 3,
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
