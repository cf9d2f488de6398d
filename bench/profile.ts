/**
 * `npm run bench:profile`: where the server's CPU goes for the hottest read (product detail) and
 * the hottest write (add to cart). Starts `next start` on a fresh PostgreSQL bench database
 * under `--cpu-prof`, drives one operation with autocannon, stops the server (which writes its
 * profile) and prints the CPU milliseconds per request and the functions and packages with the
 * most self time. Options: --seconds=N (default 8), --connections=N (50), --port=N (3335),
 * --db=postgres|pglite (postgres), --target=read|write|both|floor|all|session (both; floor is GET /api/health, all is the three; session is createHostedCheckoutSession, one ready cart per request), --no-cache (the public-read cache off: the read as it was
 * before the cache), --no-build, --keep-profile (leave the .cpuprofile, for Chrome DevTools).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cartTargets } from './cart-data';
import { buildApp, createBenchDatabase, createEmbeddedBenchDatabase, measure, startServer, stopServer, type Target } from './harness';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const seconds = Number(arg('seconds', '8'));
const connections = Number(arg('connections', '50'));
const port = Number(arg('port', '3335'));
const which = arg('target', 'both');
const noCache = process.argv.includes('--no-cache');
const keep = process.argv.includes('--keep-profile');
const onPglite = arg('db', 'postgres') === 'pglite';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Which package (or app code) a script URL belongs to. */
function packageOf(url: string): string {
  if (!url) return '(native / V8)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/.next-bench/server/')) return 'app bundle (.next-bench/server)';
  return url.replace(/^file:\/\//, '').replace(process.cwd(), '.');
}

function summarize(profile: Profile, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  let busy = 0;
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    busy += us;
    const fn = `${functionName || '(anonymous)'} ${packageOf(url)}${url ? `:${lineNumber + 1}` : ''}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
    pkgs.set(packageOf(url), (pkgs.get(packageOf(url)) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `| ${k} | ${(us / 1000).toFixed(0)} | ${((us / busy) * 100).toFixed(1)}% |`);
  return [
    `CPU busy ${(busy / 1000).toFixed(0)} ms over ${requests} requests (incl. warm-up): ${(busy / 1000 / requests).toFixed(2)} ms CPU per request`,
    '',
    '| package | self ms | share |',
    '|---|---:|---:|',
    ...top(pkgs, 10),
    '',
    '| function | self ms | share |',
    '|---|---:|---:|',
    ...top(fns, 15),
  ].join('\n');
}

buildApp();
/** The bench database: on the PostgreSQL server, or embedded (closed here, the server opens it as its one owner). */
async function benchDatabase(): Promise<{ carts: Awaited<ReturnType<typeof cartTargets>>; env: Record<string, string>; drop: () => Promise<void> }> {
  if (!onPglite) {
    const database = await createBenchDatabase('sc_bench_profile');
    return { carts: await cartTargets(database.db), env: { DATABASE_URL: database.url }, drop: database.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'sc-profile-pglite-'));
  const database = await createEmbeddedBenchDatabase(path.join(dir, 'pglite'));
  const carts = await cartTargets(database.db);
  await database.close();
  return {
    carts,
    env: { DATABASE_URL: '', PGLITE_DATA_DIR: path.join(dir, 'pglite') },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
const database = await benchDatabase();
try {
  const carts = database.carts;
  const targets: Target[] = [];
  if (which === 'floor' || which === 'all') targets.push({ name: 'floor', path: '/api/health' });
  if (which === 'read' || which === 'both' || which === 'all') {
    targets.push({ name: 'getPublicMerchantProduct', path: '/api/v1/catalog/merchants/lumen-audio/products/aurora-wireless-earbuds-pro' });
  }
  if (which === 'write' || which === 'both' || which === 'all') targets.push(carts.targets.find((t) => t.name === 'addPublicCartItem')!);
  if (which === 'session') targets.push(carts.targets.find((t) => t.name === 'createHostedCheckoutSession')!);
  for (const t of targets) {
    const dir = mkdtempSync(path.join(tmpdir(), 'sc-cpu-prof-'));
    const server = await startServer(port, {
      ...database.env,
      RATE_LIMIT_PUBLIC: '999999999/60',
      RATE_LIMIT_KEY_WRITE: '999999999/60',
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}`,
      ...(noCache ? { PUBLIC_READ_CACHE_MAX_AGE_SECONDS: '0' } : {}),
    });
    let requests = 0;
    try {
      const m = await measure(`http://127.0.0.1:${port}`, t, seconds, connections);
      requests = Math.round(m.rps * (seconds + 2));
      console.log(`\n### ${t.name}${noCache ? ' (public-read cache off)' : ''}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, -c ${connections} -d ${seconds}\n`);
    } finally {
      await stopServer(server);
    }
    // The server's profile is the biggest one (npx and the next CLI wrapper write small ones too).
    const files = readdirSync(dir).map((f) => path.join(dir, f)).sort((a, b) => statSync(b).size - statSync(a).size);
    if (!files[0]) console.log('no profile written (the server did not exit cleanly)');
    else console.log(summarize(JSON.parse(readFileSync(files[0], 'utf8')) as Profile, requests));
    if (keep && files[0]) console.log(`profile kept: ${files[0]}`);
    else rmSync(dir, { recursive: true, force: true });
  }
} finally {
  await database.drop();
}
