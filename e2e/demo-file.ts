import os from 'node:os';
import path from 'node:path';
import { fakeProviderPorts } from './lanes';

/** Where scripts/e2e-seed.ts leaves the demo facts (keys included) for the browser tests of the server on this base URL. */
export function e2eDemoFile(baseUrl: string): string {
  return path.join(os.tmpdir(), `sc-e2e-demo-${new URL(baseUrl).port || 'default'}.json`);
}

/** Where scripts/e2e-alipay.ts leaves the lane's Alipay facts: the CN store's test API key, its fake gateway's URL and app, a session that ran out. */
export function e2eAlipayFile(baseUrl: string): string {
  return path.join(os.tmpdir(), `sc-e2e-alipay-${new URL(baseUrl).port || 'default'}.json`);
}

/** The lane's fake Alipay gateway listens here (its place in the run's ports: e2e/lanes.ts). */
export function fakeAlipayPort(lanePort: number | string): number {
  return fakeProviderPorts(lanePort).alipay;
}

/** A storefront session the seed opens and then lets expire (its expiry moved into the past). */
export const E2E_EXPIRED_SESSION_ID = 'cs_E2eLumenAudioExpiredCheckout0001';

/** Where scripts/e2e-server.ts writes what the lane server on this port logs (a journey reads it to see a refusal was logged). */
export function e2eServerLog(port: number | string): string {
  return path.join(os.tmpdir(), `sc-e2e-server-${port}.log`);
}
