/**
 * `npm run bench:faults`: the production topology (docs/TOPOLOGY.md: nginx in front of 2 `next start`
 * instances, 2 workers, PostgreSQL, Redis) under a bounded load of mixed reads and writes through
 * nginx while parts of it are killed, then a check that nothing acknowledged was lost or done twice.
 * On a fresh seeded database (the build in .next-bench, as bench:capacity uses), 8 client loops
 * (--loops) for 50 s (--seconds) send product detail and search reads and three writes, each with
 * its own Idempotency-Key: create a cart, add a line (quantity 1, a SKU the cart does not hold yet)
 * and publish the store's decoration (a rollback: it appends a `decoration.published` event, which
 * the workers deliver to a local Standard Webhooks receiver). A write answered by a dropped
 * connection, 502, 503 or 504 is sent again with the same key (409 idempotency_request_in_progress
 * too: a claim of a killed attempt lapses after IDEMPOTENCY_LEASE_SECONDS).
 * Faults, one after the other: at 10 s SIGKILL to an instance's process group, at 20 s to a
 * worker's (the stack starts both again, as systemd would), at 30 s a restart of the machine's
 * PostgreSQL server (pg_ctlcluster), at 38 and 44 s every session of the database terminated
 * (`pg_terminate_backend`, what a failover does to the instances' pools while the server stays
 * up): every instance survives it, so any 5xx during it is a failure of the app's handling of a
 * lost connection (target 0; lib/db/resilience.ts). After the load: the time until nginx answers /api/health and
 * a search again, the workers drain the deliveries, then the checks: every acknowledged cart
 * exists once, no Idempotency-Key made two carts, every acknowledged line has quantity 1 (a
 * replayed add would make it 2), and every event of the load window reached the receiver
 * (duplicates counted: delivery is at least once). Exits 1 when one of those fails.
 * Writes bench/results/faults-<date>.json and faults-latest.json.
 * Options: --seconds=N (50), --loops=N (8), --port=N (nginx's, 3390), --no-build (reuse .next-bench).
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { stableUuid } from '../lib/demo/ids';
import { DEMO_INSTALLATION_MERCHANT, seedDemoCredentials } from '../lib/demo/seed-credentials';
import { encryptWebhookSecret, generateWebhookSecret } from '../lib/webhooks/secrets';
import { type Member, startStack, type Stack } from '../scripts/stack-topology';
import { WebhookReceiver, verifyWith } from '../tests/helpers/webhook-receiver';
import { buildApp, createBenchDatabase, DIST_DIR, LIFTED_RATE_LIMITS } from './harness';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const seconds = Number(arg('seconds', '50'));
const loops = Number(arg('loops', '8'));
const port = Number(arg('port', '3390'));
if (seconds < 48) throw new Error('--seconds must leave room for the faults (at 10, 20, 30, 38 and 44 s): at least 48');
const DATABASE = 'sc_bench_faults';
const SECRET = process.env.API_KEY_SECRET ?? 'bench-faults-server-secret-0123456789abcdef';
// The bench seals the webhook endpoint's secret the workers unseal: one secret for every process.
process.env.API_KEY_SECRET = SECRET;
const PRODUCT = '/api/v1/catalog/merchants/lumen-audio/products/aurora-wireless-earbuds-pro';
const SEARCH = '/api/v1/search?q=wireless%20earbuds&locale=en-US&market=US&sort=relevance&page=1&pageSize=24';
/** Transport failures and answers of a proxy with no live upstream: the client cannot know whether the write happened. */
const RETRYABLE = new Set([502, 503, 504]);
const MAX_RETRIES = 6;
/** A claim of an attempt that died lapses after 30 s (IDEMPOTENCY_LEASE_SECONDS): retries of a 409 wait that long at most. */
const IN_PROGRESS_WAIT_MS = 40_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const at = () => Date.now() - t0;

type Answer = { status: number; body: any } | { status: 0; error: string };
function send(url: string, o: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    const req = http.request(url, { method: o.method ?? 'GET', agent: false, timeout: 30_000, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...o.headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('error', (err) => resolve({ status: 0, error: err.message }));
      res.on('end', () => {
        let body: any = null;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON (nginx's own pages)
        }
        resolve({ status: res.statusCode!, body });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, error: (err as NodeJS.ErrnoException).code ?? err.message }));
    req.end(payload);
  });
}

/** Every request sent (each retry its own), with when it ran. */
type Sent = { op: string; status: number; error?: string; code?: string; start: number; end: number };
const sent: Sent[] = [];
type Fault = { name: string; start: number; end: number; note: string };
const faults: Fault[] = [];
let retries = 0;

async function once(op: string, url: string, o: Parameters<typeof send>[1]): Promise<Answer> {
  const start = at();
  const a = await send(url, o);
  sent.push({ op, status: a.status, ...('error' in a ? { error: a.error } : { code: a.body?.error?.code }), start, end: at() });
  return a;
}

/** A write: sent until it is answered other than by a failure the client cannot judge, always with the same key. */
async function write(op: string, url: string, o: { method: string; headers: Record<string, string>; body: unknown }): Promise<Answer> {
  const headers = { ...o.headers, 'idempotency-key': `faults-${op.replaceAll(' ', '-')}-${randomUUID()}` };
  const waitUntil = Date.now() + IN_PROGRESS_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    const a = await once(op, url, { ...o, headers });
    const inProgress = a.status === 409 && a.body?.error?.code === 'idempotency_request_in_progress';
    if (inProgress && Date.now() < waitUntil) {
      retries++;
      await sleep(1_000);
      continue;
    }
    if ((a.status === 0 || RETRYABLE.has(a.status)) && attempt < MAX_RETRIES) {
      retries++;
      await sleep(500 * (attempt + 1));
      continue;
    }
    return a;
  }
}

buildApp();
const loadBefore = loadavg();
const started = new Date().toISOString();
const bench = await createBenchDatabase(DATABASE);
const db = bench.db;
const receiver = await new WebhookReceiver().start();
let stack: Stack | undefined;
let failed = false;
let result: Record<string, unknown> = {};
try {
  const credentials = await seedDemoCredentials(db);
  const key = credentials.keys.find((k) => k.name === 'demo-all-scopes')!.key;
  const auth = { authorization: `Bearer ${key}` };
  const installationId = credentials.installationId;
  const merchantId = stableUuid(`merchant:${DEMO_INSTALLATION_MERCHANT}`);
  const skus = (
    await db.sku.findMany({
      where: { product: { merchantId, status: 'active', kind: 'physical' }, prices: { some: { currency: 'USD' } } },
      orderBy: { id: 'asc' },
      take: 45,
      select: { id: true },
    })
  ).map((s) => s.id);
  await db.sku.updateMany({ where: { id: { in: skus } }, data: { stock: 1_000_000, maxPerOrder: 99 } });
  const endpointId = randomUUID();
  const webhookSecret = generateWebhookSecret();
  await db.webhookEndpoint.create({
    data: { id: endpointId, installationId, merchantId, url: receiver.url, eventTypes: ['decoration.published'], secretCiphertext: encryptWebhookSecret(webhookSecret, endpointId) },
  });

  console.error('starting nginx, 2 next start instances, 2 workers...');
  stack = await startStack({
    instances: 2,
    workers: 2,
    port,
    databaseUrl: bench.url,
    redisUrl: 'redis://127.0.0.1:6379',
    distDir: DIST_DIR,
    build: false,
    env: {
      ...process.env,
      API_KEY_SECRET: SECRET,
      RATE_LIMIT_PREFIX: `sc:bench-faults:${randomUUID()}`,
      ...LIFTED_RATE_LIMITS,
      // The workers deliver to this machine's receiver (the instances refuse loopback whatever this says).
      WEBHOOKS_ALLOW_LOOPBACK: '1',
      WORKER_IDLE_MS: '200',
    },
    log: (line) => console.error(`${(at() / 1000).toFixed(1)}s ${line}`),
  });
  const live = stack;
  const base = live.url;

  // Every acknowledged write: what the client was told exists.
  const carts: { id: string; lines: string[] }[] = [];
  const ackLines: { cartId: string; skuId: string }[] = [];
  const ackVersions: number[] = [];
  let createKeys = 0;
  let publishKeys = 0;
  const loadStart = new Date();
  const loadT0 = at();
  const loadEnd = Date.now() + seconds * 1_000;

  const loop = async (n: number) => {
    const mine: { id: string; lines: string[] }[] = [];
    for (let i = 0; Date.now() < loadEnd; i++) {
      const r = (i * 7 + n * 13) % 20;
      if (r < 7) {
        await once('product detail', base + PRODUCT, {});
      } else if (r < 11) {
        await once('search', base + SEARCH, {});
      } else if (r < 13 || mine.length === 0) {
        createKeys++;
        const a = await write('create cart', `${base}/api/v1/open/storefront/carts`, { method: 'POST', headers: auth, body: { market: 'US', locale: 'en-US', items: [] } });
        if (a.status >= 200 && a.status < 300 && 'body' in a) {
          const cart = { id: a.body.data.id as string, lines: [] };
          mine.push(cart);
          carts.push(cart);
        }
      } else if (r < 19) {
        const cart = mine.find((c) => c.lines.length < skus.length - 1) ?? mine[mine.length - 1]!;
        const skuId = skus[cart.lines.length % skus.length]!;
        // Taken whatever the answer: an add that was never acknowledged may still have happened.
        cart.lines.push(skuId);
        const a = await write('add line', `${base}/api/v1/open/storefront/carts/${cart.id}/items`, { method: 'POST', headers: auth, body: { skuId, quantity: 1 } });
        if (a.status >= 200 && a.status < 300) ackLines.push({ cartId: cart.id, skuId });
      } else {
        publishKeys++;
        const a = await write('publish decoration', `${base}/api/v1/open/storefront/decoration/versions/1/rollback`, { method: 'POST', headers: auth, body: {} });
        if (a.status >= 200 && a.status < 300 && 'body' in a) ackVersions.push(a.body.data.version as number);
      }
    }
  };

  /** SIGKILL to a member; the fault lasts until the stack has started it again and it answers. */
  const killMember = async (m: Member) => {
    const start = at();
    const restarts = m.restarts;
    await live.kill(m);
    while (m.restarts === restarts) await sleep(50);
    await live.ready(m);
    faults.push({ name: `SIGKILL ${m.name}`, start, end: at(), note: `started again and ready after ${((at() - start) / 1000).toFixed(1)} s` });
  };
  const restartPostgres = async () => {
    const start = at();
    const version = readdirSync('/etc/postgresql')[0]!;
    const r = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pg_ctlcluster restart failed: ${r.stderr}`);
    const restarted = at();
    // Until a read that needs the database answers through nginx again.
    while ((await send(`${base}/api/v1/search?q=earbuds%20${randomUUID().slice(0, 6)}&locale=en-US&market=US&sort=relevance&page=1&pageSize=24`)).status !== 200) await sleep(100);
    faults.push({ name: 'PostgreSQL restart', start, end: at(), note: `pg_ctlcluster took ${((restarted - start) / 1000).toFixed(1)} s; a search answered 200 after ${((at() - start) / 1000).toFixed(1)} s` });
  };
  /** Every session of the database ended at once; the fault lasts until a search through nginx answers 200 again. */
  const terminateSessions = async (n: number) => {
    const start = at();
    const admin = new pg.Client({ connectionString: bench.url });
    await admin.connect();
    let ended = 0;
    try {
      const r = await admin.query('SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [DATABASE]);
      ended = r.rows[0].n as number;
    } finally {
      await admin.end();
    }
    while ((await send(`${base}/api/v1/search?q=earbuds%20${randomUUID().slice(0, 6)}&locale=en-US&market=US&sort=relevance&page=1&pageSize=24`)).status !== 200) await sleep(100);
    faults.push({ name: `sessions terminated ${n}`, start, end: at(), note: `${ended} sessions ended; a search answered 200 after ${((at() - start) / 1000).toFixed(1)} s` });
  };
  const schedule = async () => {
    await sleep(10_000);
    console.error(`${(at() / 1000).toFixed(1)}s fault: SIGKILL instance 1`);
    await killMember(live.instances[0]!);
    await sleep(Math.max(0, loadT0 + 20_000 - at()));
    console.error(`${(at() / 1000).toFixed(1)}s fault: SIGKILL worker 1`);
    await killMember(live.workers[0]!);
    await sleep(Math.max(0, loadT0 + 30_000 - at()));
    console.error(`${(at() / 1000).toFixed(1)}s fault: PostgreSQL restart`);
    await restartPostgres();
    for (const [n, when] of [[1, 38_000], [2, 44_000]] as const) {
      await sleep(Math.max(0, loadT0 + when - at()));
      console.error(`${(at() / 1000).toFixed(1)}s fault: every session of the database terminated (${n})`);
      await terminateSessions(n);
    }
  };

  console.error(`load: ${loops} loops for ${seconds} s, faults at 10, 20, 30, 38 and 44 s`);
  await Promise.all([schedule(), ...Array.from({ length: loops }, (_, n) => loop(n))]);
  const loadStop = new Date();

  // Recovery: nginx's health answer and a read that needs the database, with no help.
  const recoverStart = at();
  for (;;) {
    const health = await send(`${base}/api/health`);
    const search = health.status === 200 ? await send(base + SEARCH) : health;
    if (search.status === 200) break;
    if (at() - recoverStart > 120_000) throw new Error('the stack did not recover within 120 s');
    await sleep(100);
  }
  const recoveredAfterMs = at() - recoverStart;
  // Since the last fault began: how long until the stack answered as before.
  const lastFault = faults.find((f) => f.name === 'PostgreSQL restart')!;

  const drainStart = at();
  let pending = -1;
  for (;;) {
    pending = await db.webhookDelivery.count({ where: { endpointId, status: 'pending' } });
    if (pending === 0 || at() - drainStart > 120_000) break;
    await sleep(500);
  }
  const drainedAfterMs = at() - drainStart;
  await sleep(2_000); // a duplicate in flight would have arrived by now
  const deliveryStates = await db.webhookDelivery.groupBy({ by: ['status'], where: { endpointId }, _count: true });

  // Checks.
  const saved = await db.cart.findMany({ where: { id: { in: carts.map((c) => c.id) } }, select: { id: true } });
  const savedIds = new Set(saved.map((c) => c.id));
  const missingCarts = carts.filter((c) => !savedIds.has(c.id)).map((c) => c.id);
  const ackCartIds = carts.map((c) => c.id);
  const duplicateAcks = ackCartIds.length - new Set(ackCartIds).size;
  const cartsInWindow = await db.cart.count({ where: { installationId, createdAt: { gte: loadStart } } });
  const lines = await db.cartLine.findMany({ where: { cartId: { in: ackCartIds } }, select: { cartId: true, skuId: true, quantity: true } });
  const lineOf = new Map(lines.map((l) => [`${l.cartId}/${l.skuId}`, l.quantity]));
  const missingLines = ackLines.filter((l) => !lineOf.has(`${l.cartId}/${l.skuId}`));
  const doubledLines = ackLines.filter((l) => (lineOf.get(`${l.cartId}/${l.skuId}`) ?? 1) !== 1);
  const events = await db.domainEvent.findMany({ where: { type: 'decoration.published', merchantId, occurredAt: { gte: loadStart } }, select: { id: true } });
  const ackVersionsFound = await db.storefrontDecorationVersion.count({ where: { merchantId, version: { in: ackVersions } } });
  const deliveredIds = receiver.received.map((r) => verifyWith(webhookSecret, r).id as string);
  const deliveredCount = new Map<string, number>();
  for (const id of deliveredIds) deliveredCount.set(id, (deliveredCount.get(id) ?? 0) + 1);
  const undelivered = events.filter((e) => !deliveredCount.has(e.id)).map((e) => e.id);
  const duplicateDeliveries = [...deliveredCount.values()].reduce((s, n) => s + n - 1, 0);
  const unknownDelivered = [...deliveredCount.keys()].filter((id) => !events.some((e) => e.id === id)).length;

  const classOf = (s: number) => (s === 0 ? 'no answer' : `${Math.floor(s / 100)}xx`);
  const byClass: Record<string, number> = {};
  for (const s of sent) byClass[classOf(s.status)] = (byClass[classOf(s.status)] ?? 0) + 1;
  const failures = sent
    .filter((s) => s.status === 0 || s.status >= 500)
    .map((s) => ({ ...s, fault: faults.find((f) => s.start <= f.end && s.end >= f.start)?.name ?? null }));
  // Every instance survives a terminated session: any 5xx (or dropped request) under way then is the app's.
  const terminations = faults.filter((f) => f.name.startsWith('sessions terminated'));
  const duringTerminations = sent.filter((x) => terminations.some((f) => x.start <= f.end + 1_000 && x.end >= f.start));
  const fiveXxDuringTerminations = duringTerminations.filter((x) => x.status === 0 || x.status >= 500);
  const other4xx = sent.filter((s) => s.status >= 400 && s.status < 500);
  const codes4xx: Record<string, number> = {};
  for (const s of other4xx) codes4xx[`${s.op} ${s.status} ${s.code}`] = (codes4xx[`${s.op} ${s.status} ${s.code}`] ?? 0) + 1;
  const restarts = [live.nginx, ...live.instances, ...live.workers].map((m) => ({ name: m.name, restarts: m.restarts }));

  const checks = {
    acknowledgedCartsMissing: missingCarts.length,
    acknowledgedCartsDuplicated: duplicateAcks,
    cartsBeyondKeys: Math.max(0, cartsInWindow - createKeys),
    acknowledgedLinesMissing: missingLines.length,
    acknowledgedLinesDoubled: doubledLines.length,
    acknowledgedVersionsMissing: new Set(ackVersions).size - ackVersionsFound,
    eventsBeyondKeys: Math.max(0, events.length - publishKeys),
    eventsNeverDelivered: undelivered.length,
    fiveXxWhileSessionsTerminated: fiveXxDuringTerminations.length,
    // A run in which a kind of write was never acknowledged (or no event appended) proves nothing about it.
    writeKindsNeverAcknowledged: [carts.length, ackLines.length, ackVersions.length, events.length].filter((n) => n === 0).length,
  };
  failed = Object.values(checks).some((n) => n !== 0);
  result = {
    loops,
    seconds,
    loadWindow: { start: loadStart.toISOString(), end: loadStop.toISOString() },
    requests: sent.length,
    retries,
    byClass,
    fourxx: codes4xx,
    failures: failures.map((f) => ({ op: f.op, status: f.status, error: f.error, startMs: f.start - loadT0, endMs: f.end - loadT0, fault: f.fault })),
    failuresOutsideFaults: failures.filter((f) => f.fault === null).length,
    sessionsTerminated: {
      requestsUnderWay: duringTerminations.length,
      fiveXxOrNoAnswer: fiveXxDuringTerminations.length,
      byAnswer: Object.fromEntries([...new Set(duringTerminations.map((x) => `${x.op} ${x.status}${x.code ? ` ${x.code}` : ''}`))].map((k) => [k, duringTerminations.filter((x) => `${x.op} ${x.status}${x.code ? ` ${x.code}` : ''}` === k).length])),
    },
    // Per fault: the requests under way at some point of it, by what they were answered.
    faults: faults.map((f) => {
      const during: Record<string, number> = {};
      for (const x of sent) if (x.start <= f.end && x.end >= f.start) during[classOf(x.status)] = (during[classOf(x.status)] ?? 0) + 1;
      return { ...f, start: f.start - loadT0, end: f.end - loadT0, requestsDuring: during };
    }),
    restarts,
    recovery: { afterLoadMs: recoveredAfterMs, sinceLastFaultStartMs: lastFault.end - lastFault.start },
    writes: {
      createCart: { keys: createKeys, acknowledged: carts.length, foundOnce: carts.length - missingCarts.length - duplicateAcks, cartsCreatedInWindow: cartsInWindow },
      addLine: { acknowledged: ackLines.length, foundWithQuantity1: ackLines.length - missingLines.length - doubledLines.length },
      publishDecoration: { keys: publishKeys, acknowledged: ackVersions.length, versionsFound: ackVersionsFound },
    },
    webhooks: {
      eventsInWindow: events.length,
      deliveriesReceived: receiver.received.length,
      distinctEventsDelivered: deliveredCount.size,
      duplicateDeliveries,
      deliveredNotInWindow: unknownDelivered,
      pendingAfterDrain: pending,
      drainedAfterMs,
      deliveryStates: Object.fromEntries(deliveryStates.map((d) => [d.status, d._count])),
    },
    checks,
    missing: { carts: missingCarts, lines: missingLines, doubledLines, undelivered },
  };
} finally {
  await stack?.stop();
  await receiver.stop();
  await bench.drop();
}

const date = new Date().toISOString();
const cpu = cpus();
const machine = `${cpu.length} x ${cpu[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
const load = `load average ${loadBefore[0]!.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
const r = result as any;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`\nnginx, 2 instances, 2 workers, PostgreSQL, Redis; ${loops} client loops for ${seconds} s; ${started}\n`);
console.log('| fault | at | until | requests under way during it, by answer | |');
console.log('|---|---:|---:|---|---|');
for (const f of r.faults) console.log(`| ${f.name} | ${s(f.start)} | ${s(f.end)} | ${Object.entries(f.requestsDuring as Record<string, number>).map(([k, v]) => `${k} ${v}`).join(', ')} | ${f.note} |`);
console.log(`\n| measure | value |`);
console.log('|---|---:|');
const rows: [string, string | number][] = [
  ['requests sent (retries included)', r.requests],
  ['retries of a write with its key', r.retries],
  ...Object.entries(r.byClass as Record<string, number>).sort().map(([k, v]): [string, number] => [`answers ${k}`, v]),
  ['5xx or no answer, during a fault', r.failures.length - r.failuresOutsideFaults],
  ['5xx or no answer, outside every fault', r.failuresOutsideFaults],
  ['requests under way while every session was terminated (until 1 s after) / 5xx or no answer among them (target 0)', `${r.sessionsTerminated.requestsUnderWay} / ${r.sessionsTerminated.fiveXxOrNoAnswer}`],
  ['carts: keys sent / acknowledged / found once / created in the window', `${r.writes.createCart.keys} / ${r.writes.createCart.acknowledged} / ${r.writes.createCart.foundOnce} / ${r.writes.createCart.cartsCreatedInWindow}`],
  ['lines: acknowledged / found with quantity 1', `${r.writes.addLine.acknowledged} / ${r.writes.addLine.foundWithQuantity1}`],
  ['publishes: keys sent / acknowledged / versions found', `${r.writes.publishDecoration.keys} / ${r.writes.publishDecoration.acknowledged} / ${r.writes.publishDecoration.versionsFound}`],
  ['events in the load window / delivered (distinct) / duplicate deliveries', `${r.webhooks.eventsInWindow} / ${r.webhooks.distinctEventsDelivered} / ${r.webhooks.duplicateDeliveries}`],
  ['deliveries pending after the drain', `${r.webhooks.pendingAfterDrain} (drained in ${s(r.webhooks.drainedAfterMs)})`],
  ['healthy after the load (health and a search through nginx)', s(r.recovery.afterLoadMs)],
  ['restarts by the stack', r.restarts.map((m: { name: string; restarts: number }) => `${m.name} ${m.restarts}`).join(', ')],
];
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
if (Object.keys(r.fourxx).length) console.log(`\n4xx answers: ${JSON.stringify(r.fourxx)}`);
console.log(`\nchecks (all 0 to pass): ${JSON.stringify(r.checks)}`);
console.log(`\n${machine}; ${load}; ${started} to ${date}`);

const dir = path.join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const json = JSON.stringify({ date, started, machine, load, ...result }, null, 2) + '\n';
writeFileSync(path.join(dir, `faults-${date.slice(0, 16).replace(':', '-')}.json`), json);
writeFileSync(path.join(dir, 'faults-latest.json'), json);
console.error('Wrote bench/results/faults-latest.json');
if (failed) {
  console.error('FAILED: an acknowledged write is missing or doubled, or an event was never delivered (see checks)');
  process.exit(1);
}
