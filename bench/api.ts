/**
 * `npm run bench`: throughput of API operations against `next start`, on PostgreSQL and on the
 * embedded PGlite (the README's default), each compared with the framework floor (`/api/health`,
 * constant JSON without the database) measured in the same run against the same server.
 * Product writes (create, and a price and title change) come from bench/product-data.ts.
 * Prints one table per database (operation, req/s, p50, p99, ratio to the floor, CPU milliseconds
 * per request of the server and of the PostgreSQL backends, server RSS after the operation's run,
 * and how long the warm-up took to get an answer on every connection: see `measure`)
 * and writes bench/results/api-<date>.json, api-latest.json and
 * api-latest.svg (the ratios as a bar chart, with the date and machine).
 * Every target first runs once unmeasured (a hot server), then each is measured.
 * Options: --seconds=N (default 5 per operation, measured on open connections after a warm-up of at
 * least 2 s), --connections=N (50),
 * --db=postgres|pglite|both (both), --port=N (3334), --no-build (reuse .next-bench), --only=REGEX
 * (measure only the operations whose name matches; the floor always runs).
 * Rate limits are lifted for the server under test so the figures measure the work, not the
 * limiter; any non-2xx answer is counted and reported.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { cartTargets } from './cart-data';
import { ratioChart } from './chart';
import { productTargets } from './product-data';
import {
  buildApp,
  createBenchDatabase,
  createEmbeddedBenchDatabase,
  LIFTED_RATE_LIMITS,
  measure,
  postgresCpuMs,
  SERVER_EXTRA_NODE_OPTIONS,
  serverCpuMs,
  serverRssMb,
  startServer,
  stopServer,
  type Measured,
  type Target,
} from './harness';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const seconds = Number(arg('seconds', '5'));
const connections = Number(arg('connections', '50'));
const port = Number(arg('port', '3334'));
const which = arg('db', 'both');
const only = process.argv.some((a) => a.startsWith('--only=')) ? new RegExp(arg('only', '')) : null;
const databases = (which === 'both' ? ['postgres', 'pglite'] : [which]) as ('postgres' | 'pglite')[];

const FLOOR = 'floor: GET /api/health';
const WARM_PASS_SECONDS = 1;
const reads: Target[] = [
  { name: FLOOR, path: '/api/health' },
  { name: 'getPublicStorefrontDecoration', path: '/api/v1/storefront-decorations/merchants/lumen-audio' },
  { name: 'listPublicMerchantProducts', path: '/api/v1/catalog/merchants/lumen-audio/products?pageSize=24' },
  { name: 'getPublicMerchantProduct', path: '/api/v1/catalog/merchants/lumen-audio/products/aurora-wireless-earbuds-pro' },
  { name: 'listPublicCategories', path: '/api/v1/catalog/categories' },
  { name: 'getPublicMerchant', path: '/api/v1/catalog/merchants/lumen-audio' },
  { name: 'getPublicBootstrap', path: '/api/v1/bootstrap' },
  { name: 'getPublicContact', path: '/api/v1/public/contact' },
  { name: 'searchPublicProducts', path: '/api/v1/search?q=wireless%20earbuds&locale=en-US&market=US&sort=relevance&page=1&pageSize=24' },
];
const goals: Record<string, number> = Object.fromEntries(reads.slice(1, 8).map((t) => [t.name, 0.9]));

type Row = Measured & { ratio: number; rssMb: number };
const runs: { database: string; rssStartMb: number; rssEndMb: number; rows: Row[] }[] = [];
const loadBefore = loadavg();

buildApp();
for (const database of databases) {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let targets: Target[];
  let dbCpu: () => Map<string, number> | null = () => null;
  if (database === 'postgres') {
    const db = await createBenchDatabase('sc_bench_api');
    const carts = await cartTargets(db.db);
    const products = await productTargets(db.db);
    Object.assign(goals, carts.goals, products.goals);
    targets = [...reads, ...carts.targets, ...products.targets];
    dbCpu = () => postgresCpuMs('sc_bench_api');
    env = { ...LIFTED_RATE_LIMITS, DATABASE_URL: db.url };
    cleanup = db.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'sc-bench-pglite-'));
    const db = await createEmbeddedBenchDatabase(path.join(dir, 'pglite'));
    const carts = await cartTargets(db.db);
    const products = await productTargets(db.db);
    await db.close(); // the server opens it as its one owner
    targets = [...reads, ...carts.targets, ...products.targets];
    env = { ...LIFTED_RATE_LIMITS, DATABASE_URL: '', PGLITE_DATA_DIR: path.join(dir, 'pglite') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const server = await startServer(port, env);
  try {
    const rssStartMb = serverRssMb(server);
    const measured: (Measured & { rssMb: number })[] = [];
    // The floor is measured first and again last, and the higher figure is the floor: a cold
    // server or a burst of other load on the machine must not flatter the ratios.
    targets = targets.filter((t, i) => i === 0 || !only || only.test(t.name));
    // One pass over every target first, unmeasured (measure's warm-up, then WARM_PASS_SECONDS):
    // the ratios are of a hot server, as the goals say. A fresh server spends its first seconds of
    // load loading route modules, compiling the shared pipeline and growing its heap (RSS about
    // 210 to 300 MB); without this pass part of that cost fell on whichever operations came first
    // after the floor (bench/README.md, session 9).
    for (const t of targets) {
      console.error(`${database}: warming ${t.name}...`);
      await measure(`http://127.0.0.1:${port}`, t, WARM_PASS_SECONDS, connections);
    }
    for (const t of [...targets, targets[0]!]) {
      console.error(`${database}: ${t.name} (${seconds}s, ${connections} connections)...`);
      const cpu = () => ({ server: serverCpuMs(server), serverSys: serverCpuMs(server, true), db: dbCpu() });
      measured.push({ ...(await measure(`http://127.0.0.1:${port}`, t, seconds, connections, cpu)), rssMb: serverRssMb(server) });
    }
    const again = measured.pop()!;
    if (again.rps > measured[0]!.rps) measured[0] = { ...again, rssMb: measured[0]!.rssMb };
    const floor = measured[0]!.rps;
    runs.push({ database, rssStartMb, rssEndMb: serverRssMb(server), rows: measured.map((r) => ({ ...r, ratio: r.rps / floor })) });
  } finally {
    await stopServer(server);
    await cleanup();
  }
}

const date = new Date().toISOString();
const cpu = cpus();
const machine = `${cpu.length} x ${cpu[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
const load = `load average ${loadBefore[0]!.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
// Only a run with extra server options names them: the default run's output is as it was.
const serverOptions = SERVER_EXTRA_NODE_OPTIONS ? `; server Node options ${SERVER_EXTRA_NODE_OPTIONS}` : '';

for (const run of runs) {
  console.log(`\n${run.database}: next start, autocannon -c ${connections} -d ${seconds}, ${date}${serverOptions}; server RSS ${run.rssStartMb} MB at start, ${run.rssEndMb} MB at the end\n`);
  console.log('| operation | req/s | p50 ms | p99 ms | non-2xx | errors | ratio to floor | goal | server CPU ms/req (kernel) | database CPU ms/req | RSS MB | all connections answered after |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|');
  for (const r of run.rows) {
    const goal = goals[r.name];
    const verdict = r.name === FLOOR ? 'floor' : goal === undefined ? '' : `${r.ratio >= goal ? 'met' : 'MISSED'} (>= ${goal})`;
    const serverCpu = r.cpu ? `${r.cpu.serverMs.toFixed(2)} (${r.cpu.serverSysMs.toFixed(2)})` : '';
    const dbCpu = r.cpu?.dbMs == null ? (run.database === 'pglite' ? 'in server' : '') : r.cpu.dbMs.toFixed(2);
    console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${r.ratio.toFixed(2)} | ${verdict} | ${serverCpu} | ${dbCpu} | ${r.rssMb} | ${r.openedMs === null ? 'not within 60 s' : `${(r.openedMs / 1000).toFixed(1)} s`} |`);
  }
}
console.log(`\n${machine}; ${load}`);

const dir = path.join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const json = JSON.stringify({ date, machine, load, seconds, connections, ...(SERVER_EXTRA_NODE_OPTIONS ? { serverNodeOptions: SERVER_EXTRA_NODE_OPTIONS } : {}), goals, runs }, null, 2) + '\n';
writeFileSync(path.join(dir, `api-${date.slice(0, 16).replace(':', '-')}.json`), json);
writeFileSync(path.join(dir, 'api-latest.json'), json);
const names = runs[0]?.rows.filter((r) => r.name !== FLOOR).map((r) => r.name) ?? [];
const chartRows = names.map((name) => ({
  name,
  goal: goals[name],
  ratios: Object.fromEntries(runs.flatMap((run) => run.rows.filter((r) => r.name === name).map((r) => [run.database, r.ratio]))),
}));
writeFileSync(
  path.join(dir, 'api-latest.svg'),
  ratioChart(chartRows, runs.map((r) => r.database), `npm run bench: req/s as a ratio to the framework floor, ${date.slice(0, 16)}Z`, `${machine}; ${load}; -c ${connections} -d ${seconds}${serverOptions}`),
);
console.error(`Wrote bench/results/api-latest.json and api-latest.svg`);
