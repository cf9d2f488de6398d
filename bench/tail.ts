/**
 * `npm run bench:tail -- <operation|floor> [--db=postgres|pglite] [--baseline]`: where a run's p99
 * comes from. Drives one operation at 50 connections for 8 s (after a 2 s warm-up, as `npm run
 * bench` does) and prints every answer's latency against the time it arrived: the slowest answers
 * with the second they arrived at, and the worst latency per half second. `--baseline` drives a
 * bare node:http server in a child process instead (constant JSON after 2 ms of CPU: about 500
 * req/s, like the floor), to tell the HTTP layer's own tail from the app's.
 *
 * What it showed: a busy Node server accepts one new connection per turn of its event loop
 * (libuv 1.45 stopped accepting in a loop, libuv/libuv#3696), and a turn lasts as long as the
 * requests of the connections it already serves. So of 50 connections opened at once, about ten
 * are accepted at once and the rest one per turn, each turn longer than the last: the bare server
 * takes 2.5 s to accept them all, the app's PGlite writes over 10 s. `npm run bench` therefore
 * measures once every connection has had an answer (`measure` in harness.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cartTargets } from './cart-data';
import { createBenchDatabase, createEmbeddedBenchDatabase, startServer, stopServer, type Target } from './harness';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const op = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'floor';
const database = arg('db', 'postgres');
const port = 3390;

if (process.env.BENCH_TAIL_BASELINE_CHILD) {
  http
    .createServer((_req, res) => {
      const until = Date.now() + 2;
      while (Date.now() < until); // the floor's CPU per request, give or take
      res.setHeader('content-type', 'application/json');
      res.end('{"status":"ok"}');
    })
    .listen(port, '127.0.0.1', () => process.send?.('ready'));
} else {
  const limits = { RATE_LIMIT_PUBLIC: '999999999/60', RATE_LIMIT_KEY_WRITE: '999999999/60', RATE_LIMIT_KEY_READ: '999999999/60', RATE_LIMIT_HOSTED: '999999999/60', LOG_LEVEL: 'warn' };
  let target: Target = { name: 'floor', path: '/api/health' };
  let stop: () => Promise<void>;
  if (process.argv.includes('--baseline')) {
    const child: ChildProcess = fork(process.argv[1]!, [], { env: { ...process.env, BENCH_TAIL_BASELINE_CHILD: '1' }, execArgv: process.execArgv });
    await new Promise((resolve) => child.once('message', resolve));
    stop = async () => void child.kill();
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'sc-bench-tail-'));
    let env: Record<string, string>;
    let drop: () => Promise<void>;
    if (database === 'pglite') {
      const db = await createEmbeddedBenchDatabase(path.join(dir, 'pglite'));
      const { targets } = await cartTargets(db.db);
      if (op !== 'floor') target = targets.find((t) => t.name === op)!;
      await db.close();
      env = { DATABASE_URL: '', PGLITE_DATA_DIR: path.join(dir, 'pglite') };
      drop = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const db = await createBenchDatabase('sc_bench_tail');
      const { targets } = await cartTargets(db.db);
      if (op !== 'floor') target = targets.find((t) => t.name === op)!;
      env = { DATABASE_URL: db.url };
      drop = db.drop;
    }
    if (!target) throw new Error(`no operation ${op} (floor, or one of the cart targets)`);
    const server = await startServer(port, { ...limits, ...env });
    stop = async () => {
      await stopServer(server);
      await drop();
    };
  }
  try {
    const started = Date.now();
    const samples: [at: number, ms: number][] = [];
    const opts = {
      url: `http://127.0.0.1:${port}${target.path}`,
      connections: 50,
      duration: 8,
      method: target.method ?? 'GET',
      headers: target.headers,
      body: target.body,
      ...(target.setupRequest ? { requests: [{ method: target.method ?? 'GET', path: target.path, headers: target.headers, body: target.body, setupRequest: target.setupRequest }] } : {}),
      setupClient: (client: { on: (event: 'response', f: (status: number, bytes: number, ms: number) => void) => void }) =>
        client.on('response', (_status, _bytes, ms) => samples.push([Date.now() - started, ms])),
    };
    await autocannon({ ...opts, duration: 2 } as never);
    const measuredFrom = Date.now() - started;
    samples.length = 0;
    const result = (await autocannon(opts as never)) as { latency: { p50: number; p99: number }; requests: { average: number } };
    const sorted = [...samples].sort((a, b) => b[1] - a[1]);
    console.log(`${process.argv.includes('--baseline') ? 'bare node:http' : `${database} ${target.name}`}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; measured run from ${(measuredFrom / 1000).toFixed(1)} s`);
    console.log(`slowest (latency @ arrival, s): ${sorted.slice(0, 10).map(([at, ms]) => `${ms.toFixed(0)} ms @ ${(at / 1000).toFixed(1)}`).join(', ')}`);
    const buckets = new Map<number, number[]>();
    for (const [at, ms] of samples) {
      const b = Math.floor(at / 500);
      (buckets.get(b) ?? buckets.set(b, []).get(b)!).push(ms);
    }
    for (const [b, v] of [...buckets].sort((x, y) => x[0] - y[0])) console.log(`  ${(b / 2).toFixed(1)} s: ${v.length} answers, worst ${Math.max(...v).toFixed(0)} ms`);
  } finally {
    await stop();
  }
}
