/**
 * Shared benchmark harness: a fresh PostgreSQL database (migrated and seeded), a production
 * build served by `next start`, and autocannon runs reported as ratios to the framework floor.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPglite, prismaForPglite, prismaForPostgres, type Db } from '../lib/db/client';
import { applyMigrations, readMigrations } from '../lib/db/migrations';
import { pgliteRunner, pgRunner } from '../lib/db/sql-runner';
import { seedDemo } from '../lib/demo';

export const BENCH_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DIST_DIR = '.next-bench';

/**
 * The rate limits a server under a benchmark runs with: lifted, so the figures measure the work,
 * not the limiter (which still counts every request), and its logging at warn.
 */
export const LIFTED_RATE_LIMITS = {
  RATE_LIMIT_PUBLIC: '999999999/60',
  RATE_LIMIT_SEARCH: '999999999/60',
  RATE_LIMIT_KEY_READ: '999999999/60',
  RATE_LIMIT_KEY_WRITE: '999999999/60',
  LOG_LEVEL: 'warn',
} as const;

export function dbUrl(name: string): string {
  const url = new URL(BENCH_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createBenchDatabase(name: string): Promise<{ url: string; db: Db; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: BENCH_SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = dbUrl(name);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await applyMigrations(pgRunner(pool), await readMigrations());
  await pool.end();
  const db = prismaForPostgres(url);
  await seedDemo(db);
  return {
    url,
    db,
    drop: async () => {
      await db.$disconnect();
      const a = new pg.Client({ connectionString: BENCH_SERVER });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * An embedded (PGlite) bench database in `dataDir`: migrated and seeded here, then closed, so the
 * server under test opens it as its owner (the README's default path).
 */
export async function createEmbeddedBenchDatabase(dataDir: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const pglite = await openPglite(dataDir);
  await applyMigrations(pgliteRunner(pglite), await readMigrations());
  const db = prismaForPglite(pglite);
  await seedDemo(db);
  return {
    db,
    close: async () => {
      await db.$disconnect();
      await pglite.close();
    },
  };
}

/** Resident memory of the server: the largest process of the server's process group (MB). */
export function serverRssMb(child: ChildProcess): number {
  let max = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgid !== child.pid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) max = Math.max(max, Number(rss[1]) / 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return Math.round(max);
}

/** Builds once into a private dist dir (skipped with --no-build when a build exists). */
export function buildApp() {
  if (process.argv.includes('--no-build') && existsSync(`${DIST_DIR}/BUILD_ID`)) return;
  console.error('Building the app (next build)...');
  const r = spawnSync('npx', ['next', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_DIST_DIR: DIST_DIR } });
  if (r.status !== 0) throw new Error('next build failed');
}

/**
 * `next start`'s flags, as `npm start` passes them (package.json): Node itself strips the types of
 * next.config.ts, so the server never loads Next's native SWC compiler (about 40-60 MB of RSS).
 */
export const NEXT_START_FLAGS = ['--experimental-next-config-strip-types', '--keepAliveTimeout', '65000'];

/** The server's V8 old-space cap, as `npm start` sets it (package.json): see bench/README.md, Memory. */
export const SERVER_HEAP_MB = 192;

/**
 * `BENCH_SERVER_NODE_OPTIONS` adds Node/V8 options to the server under test only (not to the
 * benchmark's own process), last, so they win: an A/B of a flag is two runs of the same build.
 * Results made with it say so (bench/api.ts), so they are not taken for the default's.
 */
export const SERVER_EXTRA_NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS?.trim() ?? '';

export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const nodeOptions = [`--max-old-space-size=${SERVER_HEAP_MB}`, env.NODE_OPTIONS, SERVER_EXTRA_NODE_OPTIONS].filter(Boolean).join(' ');
  // Node runs the next CLI itself (no npx in between): the process group is the server alone,
  // for its RSS and its --cpu-prof profile.
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', ...NEXT_START_FLAGS, '-p', String(port)], {
    env: { ...process.env, NODE_ENV: 'production', NEXT_DIST_DIR: DIST_DIR, ...env, NODE_OPTIONS: nodeOptions },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  await stopServer(child);
  throw new Error('next start did not become ready');
}

/** Stops the server's whole process group and waits for it, so no request outlives the database. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await Promise.race([exited, sleep(30_000)]);
}

export type BenchRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

export type Target = {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Per-request changes, e.g. a fresh Idempotency-Key, another path or body. */
  setupRequest?: (req: BenchRequest) => BenchRequest;
};

export type Measured = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Milliseconds from the start of the warm-up until every connection had had an answer (null: not within a minute). */
  openedMs: number | null;
  /**
   * CPU milliseconds per answered request: the server's processes (and of that, in the kernel:
   * sockets, including loopback delivery to the database and the client), and the database's
   * backends (when it runs apart).
   */
  cpu?: { serverMs: number; serverSysMs: number; dbMs: number | null; extraMs?: Record<string, number> };
};

/**
 * What measure() samples before and after a run: CPU milliseconds used so far, by the server and
 * by each live database backend (per process id: see `cpuDelta`).
 */
export type CpuSampler = () => {
  server: number;
  serverSys: number;
  db: Map<string, number> | null;
  /** Other CPU counters (ms so far, by name: a proxy, the client itself), reported per request under the same names. */
  extra?: Record<string, number>;
};

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms) used so far by the live processes `match` selects, from /proc.
 * Unlike a profile's wall-clock samples, this does not grow when other work on the machine takes
 * the cores away, so it compares runs made under different loads.
 */
export function cpuMs(match: (fields: string[], cmdline: string) => boolean, kernelOnly = false): number {
  let total = 0;
  for (const ms of cpuMsByPid(match, kernelOnly).values()) total += ms;
  return total;
}

/** The same, per process id. */
function cpuMsByPid(match: (fields: string[], cmdline: string) => boolean, kernelOnly = false): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The fields after the command name: state is [0], the process group [2], utime [11], stime [12].
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (!match(fields, readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) continue;
      byPid.set(pid, (((kernelOnly ? 0 : Number(fields[11])) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND);
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/**
 * CPU used between two per-process samples by the processes alive at the second: a process that
 * started in between counts from zero. One that ended in between is not seen at all, so the
 * figure may fall short but never goes below zero (a plain difference of sums did, when a pool
 * closed a backend during a measurement).
 */
export function cpuDelta(before: Map<string, number>, after: Map<string, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += Math.max(0, ms - (before.get(pid) ?? 0));
  return used;
}

/** CPU used so far by the server's process group. */
export function serverCpuMs(child: ChildProcess, kernelOnly = false): number {
  return cpuMs((fields) => Number(fields[2]) === child.pid, kernelOnly);
}

/** CPU used so far by each PostgreSQL backend connected to `database` (not the server's shared background processes). */
export function postgresCpuMs(database: string): Map<string, number> {
  return cpuMsByPid((_fields, cmdline) => cmdline.startsWith('postgres: ') && cmdline.includes(` ${database} `));
}

/** The warm-up lasts at least this long, and until every connection has had an answer. */
const WARM_UP_MS = 2000;
/** A run whose connections are not all answered by then is measured anyway (and says so: `openedMs` null). */
const WARM_UP_MAX_MS = 60_000;

/**
 * One autocannon run on `connections` connections: a warm-up (JIT, pools, caches), then `seconds`
 * measured on the same connections. The warm-up lasts until every connection has had its first
 * answer, because a server that is already busy accepts only one new connection per turn of its
 * event loop (libuv 1.45, libuv/libuv#3696; Node 20 and later), and a turn lasts as long as the
 * requests of the connections it already has: 50 connections opened at once on a saturated
 * server take seconds to be all accepted, and their first answers would otherwise be the run's
 * p99 (`npm run bench:tail`). `openedMs` says how long that took. Latency, req/s, status counts
 * and CPU are those of the answers that arrived in the measured window.
 */
export async function measure(base: string, t: Target, seconds: number, connections: number, cpu?: CpuSampler): Promise<Measured> {
  const url = base + t.path;
  const opts = {
    url,
    connections,
    duration: (WARM_UP_MAX_MS + WARM_UP_MS) / 1000 + seconds + 5,
    method: t.method ?? 'GET',
    headers: t.headers,
    body: t.body,
    ...(t.setupRequest ? { requests: [{ method: t.method ?? 'GET', path: t.path, headers: t.headers, body: t.body, setupRequest: t.setupRequest }] } : {}),
  };
  const started = performance.now();
  const answered = new Set<object>();
  let openedMs: number | null = null;
  /** When the measured window ends; null during the warm-up. */
  let until: number | null = null;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let before: ReturnType<CpuSampler> | undefined;
  let after: ReturnType<CpuSampler> | undefined;
  const run = autocannon(opts);
  const finish = () => {
    after = cpu?.();
    run.stop();
  };
  const open = (now: number) => {
    until = now + seconds * 1000;
    before = cpu?.();
    setTimeout(finish, seconds * 1000);
  };
  const warmUpEnds = setTimeout(() => until ?? open(performance.now()), WARM_UP_MAX_MS);
  run.on('response', (client, status, _bytes, responseTime) => {
    const now = performance.now();
    if (openedMs === null && answered.add(client).size === connections) openedMs = now - started;
    if (until === null) {
      if (openedMs !== null && now - started >= WARM_UP_MS) {
        clearTimeout(warmUpEnds);
        open(now);
      }
      return;
    }
    if (now > until) return;
    latencies.push(responseTime);
    if (status < 200 || status > 299) non2xx++;
  });
  run.on('reqError', () => {
    if (until !== null && performance.now() <= until) errors++;
  });
  await run;
  clearTimeout(warmUpEnds);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const count = Math.max(1, latencies.length);
  return {
    name: t.name,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx,
    errors,
    openedMs: openedMs === null ? null : Math.round(openedMs),
    ...(before && after
      ? {
          cpu: {
            serverMs: (after.server - before.server) / count,
            serverSysMs: (after.serverSys - before.serverSys) / count,
            dbMs: before.db === null || after.db === null ? null : cpuDelta(before.db, after.db) / count,
            ...(after.extra
              ? { extraMs: Object.fromEntries(Object.entries(after.extra).map(([k, ms]) => [k, Math.max(0, ms - (before!.extra?.[k] ?? 0)) / count])) }
              : {}),
          },
        }
      : {}),
  };
}
