/**
 * The app as browser tests see it: a throwaway database, migrated and seeded, then a production
 * build served on its own port with its own dist dir, so it never collides with a developer's
 * `next dev` or another build. Playwright's webServer runs this (see playwright.config.ts).
 *
 *   E2E_PORT            port to serve on (3210)
 *   E2E_NEXT_DIST_DIR   Next dist dir (.next-e2e); point it at an existing build with E2E_SKIP_BUILD=1
 *   E2E_DATABASE_URL    a PostgreSQL database to use instead of a fresh embedded PGlite
 *   E2E_POSTGRES_URL    a PostgreSQL server: the lane creates its own database there (sc_e2e_<port>),
 *                       fresh, and drops it when it stops
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { e2eServerLog, fakeAlipayPort } from '../e2e/demo-file';
import { fakeStripeUrl } from '../e2e/fake-stripe';
import { laneDatabaseUrl } from '../e2e/lanes';
import { startFakeAlipay } from '../tests/helpers/fake-alipay';
import { config, exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const { E2E_PORT, CI, E2E_NEXT_DIST_DIR, E2E_DATABASE_URL, E2E_POSTGRES_URL, E2E_SKIP_BUILD } = config();
const port = String(E2E_PORT);
// CI builds the app (`npm run build`) just before the browser tests, from the same tree: serve that build.
const ciBuild = !!CI && !E2E_NEXT_DIST_DIR && existsSync('.next/BUILD_ID');
const distDir = ciBuild ? '.next' : (E2E_NEXT_DIST_DIR ?? '.next-e2e');
const env: NodeJS.ProcessEnv = {
  // The seed and the server inherit this process's environment, with the changes below.
  // eslint-disable-next-line no-restricted-properties -- passed on whole, not read.
  ...process.env,
  NEXT_DIST_DIR: distDir,
  PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
  // The journeys point webhook endpoints at receivers they start on this machine.
  WEBHOOKS_ALLOW_LOOPBACK: '1',
  // The journeys read the e-mails they cause in the development mailbox (a production build hides it by default).
  DEV_MAILBOX: 'on',
  // Every console journey signs the same demo merchant in from this one address, dozens of times in
  // a run: far past the per-address sign-in budget meant for people (10 per 5 minutes).
  RATE_LIMIT_SIGN_IN: '1000/300',
  NEXT_TELEMETRY_DISABLED: '1',
};
delete env.DATABASE_URL;
delete env.PGLITE_DATA_DIR;
let scratch: string | undefined;
// The lane's own database on a PostgreSQL server: created empty here, dropped when the server stops.
let laneDatabase: { server: string; name: string } | undefined;
if (E2E_DATABASE_URL) env.DATABASE_URL = E2E_DATABASE_URL;
else if (E2E_POSTGRES_URL) {
  env.DATABASE_URL = laneDatabaseUrl(E2E_POSTGRES_URL, port);
  laneDatabase = { server: E2E_POSTGRES_URL, name: new URL(env.DATABASE_URL).pathname.slice(1) };
  await onServer(laneDatabase.server, `DROP DATABASE IF EXISTS "${laneDatabase.name}" WITH (FORCE)`);
  await onServer(laneDatabase.server, `CREATE DATABASE "${laneDatabase.name}"`);
} else {
  // One fixed place per port, emptied first, so even a killed run leaves at most one behind.
  scratch = path.join(os.tmpdir(), `sc-e2e-${port}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch);
  env.PGLITE_DATA_DIR = path.join(scratch, 'pglite');
}
async function onServer(server: string, sql: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
// --- Fake Stripe (tests/helpers/fake-stripe.ts) for this lane: the lane server's Stripe API ---
// A process of its own on a port derived from the lane's (e2e/lanes.ts); the journeys drive it
// through its control API and configure a store's Stripe account with its keys. A short timeout, so
// a journey's "Stripe does not answer" takes seconds, not the production default.
const fakeStripe: ChildProcess = spawn(process.execPath, [path.join('node_modules', '.bin', 'tsx'), 'tests/helpers/fake-stripe-server.ts', String(new URL(fakeStripeUrl(port)).port)], {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
env.STRIPE_API_BASE = fakeStripeUrl(port);
env.STRIPE_API_TIMEOUT_MS = '2000';
// --- end of the fake Stripe ---

const cleanup = async () => {
  fakeStripe.kill('SIGTERM');
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (laneDatabase) await onServer(laneDatabase.server, `DROP DATABASE IF EXISTS "${laneDatabase.name}" WITH (FORCE)`).catch(() => {});
};

async function run(args: string[]) {
  const r = spawnSync(process.execPath, args, { env, stdio: 'inherit' });
  if (r.status !== 0) {
    await cleanup();
    process.exit(r.status ?? 1);
  }
}

const bin = (name: string) => path.join('node_modules', '.bin', name);
await run([bin('tsx'), '--conditions=react-server', 'scripts/e2e-seed.ts']);

// ---- Alipay (e2e/alipay-checkout.spec.ts) ----------------------------------------------------
// The lane's own strict fake Alipay gateway, in this process, on a port derived from the lane's (e2e/lanes.ts); the
// server's SDK calls it (ALIPAY_GATEWAY) and the CN demo store gets its app as the test account.
const fakeAlipay = await startFakeAlipay({ port: fakeAlipayPort(port) });
env.ALIPAY_GATEWAY = fakeAlipay.gateway;
const alipayKeysFile = path.join(os.tmpdir(), `sc-e2e-alipay-keys-${port}.json`);
writeFileSync(alipayKeysFile, JSON.stringify(fakeAlipay.keys), { mode: 0o600 });
await run([bin('tsx'), '--conditions=react-server', 'scripts/e2e-alipay.ts', alipayKeysFile, fakeAlipay.url]);
rmSync(alipayKeysFile, { force: true });
// ---- end Alipay ------------------------------------------------------------------------------
if (!ciBuild && !E2E_SKIP_BUILD) await run([bin('next'), 'build']);

// The server's output goes on to Playwright and into a file the journeys read (what it logged).
const log = createWriteStream(e2eServerLog(port), { flags: 'w' });
const server = spawn(process.execPath, [bin('next'), 'start', '--experimental-next-config-strip-types', '-p', port, '-H', '127.0.0.1'], { env, stdio: ['inherit', 'pipe', 'pipe'] });
server.stdout!.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
server.stderr!.on('data', (chunk: Buffer) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  void cleanup().finally(() => process.exit(code ?? 0));
});
