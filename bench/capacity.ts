/**
 * `npm run bench:capacity`: what the production topology (docs/TOPOLOGY.md: nginx in front of N
 * `next start` instances, PostgreSQL, Redis) answers on this machine with 1 and then 2 instances,
 * and what each kind of request costs in CPU, for the capacity model in docs/TOPOLOGY.md.
 * For each instance count, on a fresh seeded PostgreSQL database, through nginx, one after the
 * other: the framework floor (`/api/health`), a cached public read (product detail, answered from
 * the public-read cache), two reads the cache does not hold (search with every request a URL the
 * cache has not seen, and the store's access configuration, an operation it never holds), add to
 * cart and the cart's checkout quote. Each row: req/s, p50/p99, non-2xx and errors, and CPU
 * milliseconds per answered request of the instances (summed over their processes; the kernel's
 * share in brackets), of nginx (master and workers), of this database's PostgreSQL backends, of
 * the whole Redis server and of this process (autocannon, the client: on the same cores).
 * One worker runs beside the instances (as `npm run stack` runs by default, so the instances do no
 * background work); its CPU is reported for the whole run, not per request.
 * Writes bench/results/capacity-<date>.json and capacity-latest.json.
 * Options: --seconds=N (5 measured per request kind, after a warm-up of at least 2 s on open
 * connections), --connections=N (50), --instances=1,2 (the instance counts, in order),
 * --port=N (nginx's, 3380; instance i on port + i), --no-build (reuse .next-bench).
 * Rate limits are lifted (every request through nginx comes from one address) so the figures
 * measure the work, not the limiter; the limiter still counts every request in Redis.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from '../scripts/stack-topology';
import { cartTargets } from './cart-data';
import { buildApp, cpuMs, createBenchDatabase, DIST_DIR, LIFTED_RATE_LIMITS, measure, postgresCpuMs, type Measured, type Target } from './harness';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const seconds = Number(arg('seconds', '5'));
const connections = Number(arg('connections', '50'));
const port = Number(arg('port', '3380'));
const instanceCounts = arg('instances', '1,2').split(',').map(Number);
if (instanceCounts.some((n) => !Number.isInteger(n) || n < 1 || n > 8)) throw new Error('--instances takes instance counts from 1 to 8, e.g. --instances=1,2');
const WORKERS = 1;
const WARM_PASS_SECONDS = 1;
const DATABASE = 'sc_bench_capacity';
/** Every process (the bench's own included: it signs the cart fixtures' address tokens) shares one secret. */
const SECRET = process.env.API_KEY_SECRET ?? 'bench-capacity-server-secret-0123456789abcdef';
process.env.API_KEY_SECRET = SECRET;

/**
 * The search the cached-read row of `npm run bench` measures, but each request spells the query in
 * other letter cases: search lowercases its words (lib/search/query.ts), so every request does the
 * same work, while the cache keys entries by the URL as sent, so none is answered from it (a miss:
 * the route searches, then stores the answer). 2^15 spellings, more than a run sends.
 */
const SEARCH_WORDS = 'wireless earbuds';
const searchPath = (i: number) => {
  let bit = 0;
  const q = [...SEARCH_WORDS].map((c) => (c === ' ' ? '%20' : (i >> bit++) & 1 ? c.toUpperCase() : c)).join('');
  return `/api/v1/search?q=${q}&locale=en-US&market=US&sort=relevance&page=1&pageSize=24`;
};
let searches = 0;

const FLOOR = 'floor: GET /api/health';
const CACHED = 'cached read: product detail';
const SEARCH_MISS = 'uncached read: search, a URL the cache has not seen';
const STORE_CONFIG = 'uncached read: store access config';
const ADD = 'add to cart';
const QUOTE = 'cart quote';
const reads: Target[] = [
  { name: FLOOR, path: '/api/health' },
  { name: CACHED, path: '/api/v1/catalog/merchants/lumen-audio/products/aurora-wireless-earbuds-pro' },
  { name: SEARCH_MISS, path: searchPath(0), setupRequest: (req) => ({ ...req, path: searchPath(++searches) }) },
  // getPublicStoreSecurityConfig has no `cache` in the operation table: every request reaches the route.
  { name: STORE_CONFIG, path: '/api/v1/public/store-access/lumen-audio/config' },
];

type Row = Measured & { operation: string };
type Run = {
  instances: number;
  workers: number;
  /** CPU of the worker(s) over the whole measured part of the run (ms), not per request. */
  workerCpuMs: number;
  checks: string[];
  rows: Row[];
};
const runs: Run[] = [];
const loadBefore = loadavg();
const started = new Date().toISOString();

/** CPU used so far by the process groups of `members` (each member is started detached: its group is its own). */
const groupCpuMs = (pids: (number | undefined)[], kernelOnly = false) => {
  const groups = new Set(pids.filter((p): p is number => p !== undefined));
  return cpuMs((fields) => groups.has(Number(fields[2])), kernelOnly);
};
const clientCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const redisCpuMs = () => cpuMs((_fields, cmdline) => cmdline.startsWith('redis-server'));

/** One request through nginx before the run: every target answers 2xx, and the cache does what the row's name says. */
async function check(stack: Stack, targets: Target[]): Promise<string[]> {
  const notes: string[] = [];
  const get = async (t: Target, p = t.path) => {
    const res = await fetch(stack.url + p, { method: t.method ?? 'GET', headers: t.headers, body: t.method && t.method !== 'GET' ? t.body : undefined });
    await res.arrayBuffer();
    if (res.status < 200 || res.status > 299) throw new Error(`${t.name}: ${t.method ?? 'GET'} ${p} answered ${res.status} before the run`);
    return res.headers.get('x-cache') ?? 'none';
  };
  for (const t of targets) {
    if (t.setupRequest) continue;
    await get(t);
  }
  const cached = [await get(reads[1]!), await get(reads[1]!), await get(reads[1]!)];
  notes.push(`product detail X-Cache ${cached.join(', ')} (3 requests)`);
  const misses = [await get(reads[2]!, searchPath(32_767)), await get(reads[2]!, searchPath(32_766))];
  notes.push(`search in two spellings X-Cache ${misses.join(', ')}`);
  notes.push(`store access config X-Cache ${await get(reads[3]!)}`);
  return notes;
}

buildApp();
for (const instances of instanceCounts) {
  const db = await createBenchDatabase(DATABASE);
  let stack: Stack | undefined;
  try {
    const carts = await cartTargets(db.db);
    const byName = new Map(carts.targets.map((t) => [t.name, t]));
    const writes = [
      { ...byName.get('addPublicCartItem')!, name: ADD },
      { ...byName.get('quotePublicCartCheckout')!, name: QUOTE },
    ];
    const targets = [...reads, ...writes];
    const operations: Record<string, string> = {
      [FLOOR]: 'GET /api/health',
      [CACHED]: 'getPublicMerchantProduct',
      [SEARCH_MISS]: 'searchPublicProducts (q in a new letter case each request: a cache miss)',
      [STORE_CONFIG]: 'getPublicStoreSecurityConfig (not cacheable)',
      [ADD]: 'addPublicCartItem',
      [QUOTE]: 'quotePublicCartCheckout',
    };
    console.error(`${instances} instance(s): starting nginx, ${instances} next start, ${WORKERS} worker...`);
    stack = await startStack({
      instances,
      workers: WORKERS,
      port,
      databaseUrl: db.url,
      redisUrl: 'redis://127.0.0.1:6379',
      distDir: DIST_DIR,
      build: false,
      env: {
        ...process.env,
        API_KEY_SECRET: SECRET,
        RATE_LIMIT_PREFIX: `sc:bench-capacity:${randomUUID()}`,
        ...LIFTED_RATE_LIMITS,
      },
      log: (line) => console.error(line),
    });
    const live = stack;
    const checks = await check(live, targets);
    const cpu = () => ({
      server: groupCpuMs(live.instances.map((m) => m.child.pid)),
      serverSys: groupCpuMs(live.instances.map((m) => m.child.pid), true),
      db: postgresCpuMs(DATABASE),
      extra: { nginx: groupCpuMs([live.nginx.child.pid]), redis: redisCpuMs(), client: clientCpuMs() },
    });
    // One unmeasured pass over every target first, as `npm run bench` does: a fresh instance spends
    // its first seconds of load loading route modules and growing its heap.
    for (const t of targets) {
      console.error(`${instances} instance(s): warming ${t.name}...`);
      await measure(live.url, t, WARM_PASS_SECONDS, connections);
    }
    const workerBefore = groupCpuMs(live.workers.map((m) => m.child.pid));
    const rows: Row[] = [];
    for (const t of targets) {
      console.error(`${instances} instance(s): ${t.name} (${seconds}s, ${connections} connections)...`);
      rows.push({ ...(await measure(live.url, t, seconds, connections, cpu)), operation: operations[t.name]! });
    }
    const workerCpuMs = groupCpuMs(live.workers.map((m) => m.child.pid)) - workerBefore;
    const restarts = [live.nginx, ...live.instances, ...live.workers].filter((m) => m.restarts > 0);
    if (restarts.length) checks.push(`RESTARTED during the run: ${restarts.map((m) => `${m.name} (${m.restarts})`).join(', ')}`);
    runs.push({ instances, workers: WORKERS, workerCpuMs, checks, rows });
  } finally {
    await stack?.stop();
    await db.drop();
  }
}

const date = new Date().toISOString();
const cpu = cpus();
const machine = `${cpu.length} x ${cpu[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
const load = `load average ${loadBefore[0]!.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
const ms = (v: number | null | undefined) => (v == null ? '' : v.toFixed(2));

for (const run of runs) {
  console.log(
    `\n${run.instances} instance(s) behind nginx, ${run.workers} worker (its CPU over the measured part: ${Math.round(run.workerCpuMs)} ms), PostgreSQL + Redis; autocannon -c ${connections} -d ${seconds} per row, ${started}`,
  );
  console.log(`checked before the run: ${run.checks.join('; ')}\n`);
  console.log('| request | operation | req/s | p50 ms | p99 ms | non-2xx | errors | instances CPU ms/req (kernel) | nginx CPU ms/req | PostgreSQL CPU ms/req | Redis CPU ms/req | client CPU ms/req |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of run.rows) {
    const c = r.cpu;
    console.log(
      `| ${r.name} | ${r.operation} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${c ? `${ms(c.serverMs)} (${ms(c.serverSysMs)})` : ''} | ${ms(c?.extraMs?.nginx)} | ${ms(c?.dbMs)} | ${ms(c?.extraMs?.redis)} | ${ms(c?.extraMs?.client)} |`,
    );
  }
}

// What more instances bought: req/s and the instances' CPU per request against the first count's.
if (runs.length > 1) {
  const base = runs[0]!;
  console.log(`\nAgainst ${base.instances} instance(s):\n`);
  console.log(`| request | ${runs.map((r) => `req/s, ${r.instances}`).join(' | ')} | ${runs.slice(1).map((r) => `req/s ratio ${r.instances}:${base.instances}`).join(' | ')} | ${runs.map((r) => `instances CPU ms/req, ${r.instances}`).join(' | ')} |`);
  console.log(`|---|${runs.map(() => '---:').join('|')}|${runs.slice(1).map(() => '---:').join('|')}|${runs.map(() => '---:').join('|')}|`);
  for (const [i, row] of base.rows.entries()) {
    const rowOf = (r: Run) => r.rows[i]!;
    console.log(
      `| ${row.name} | ${runs.map((r) => rowOf(r).rps.toFixed(0)).join(' | ')} | ${runs.slice(1).map((r) => (rowOf(r).rps / row.rps).toFixed(2)).join(' | ')} | ${runs.map((r) => ms(rowOf(r).cpu?.serverMs)).join(' | ')} |`,
    );
  }
}
console.log(`\n${machine}; ${load}; ${started} to ${date}`);

const dir = path.join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const json = JSON.stringify({ date, started, machine, load, seconds, connections, workers: WORKERS, runs }, null, 2) + '\n';
writeFileSync(path.join(dir, `capacity-${date.slice(0, 16).replace(':', '-')}.json`), json);
writeFileSync(path.join(dir, 'capacity-latest.json'), json);
console.error('Wrote bench/results/capacity-latest.json');
