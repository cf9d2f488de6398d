/**
 * `npm run stack -- --instances 2 [--workers 1] [--port 8080] [--no-build]`: the production
 * topology on this machine (docs/TOPOLOGY.md): nginx on --port in front of N `next start`
 * instances (ports port+1..port+N, loopback), M workers, on DATABASE_URL (PostgreSQL) and
 * REDIS_URL. Runs until Ctrl-C / SIGTERM, then stops every process and waits for them (also when
 * the signal comes while the stack is still building or starting); one that dies meanwhile is
 * started again. The processes run in process groups of their own (the supervisor stops each
 * group), so a signal to this process alone must stop them: `npm run stack` execs it (package.json).
 */
import { config, exitOnInvalidConfig } from '../lib/platform/config';
import { UsageError, parseCommandLine } from '../lib/platform/cli';
import { type Stack, startStack } from './stack-topology';

const usage = `usage: npm run stack -- [--instances N] [--workers N] [--port P] [--public-url URL] [--no-build]
  --instances  next start instances behind nginx (1-8, default 2)
  --workers    npm run worker processes (0-8, default 1)
  --port       nginx's port (default 8080); instance i listens on P+i, on 127.0.0.1
  --public-url the address shoppers use (PUBLIC_BASE_URL), default http://127.0.0.1:P
  --no-build   refuse to build: the production build in NEXT_DIST_DIR must exist
Needs DATABASE_URL (PostgreSQL) and nginx (apt-get install nginx); REDIS_URL for one rate-limit
budget across instances. Set API_KEY_SECRET (the same for every instance) in production.`;

exitOnInvalidConfig();
// From the start, before anything is spawned: a signal while building or starting stops what started.
const stopRequested = new AbortController();
let stack: Stack | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopRequested.signal.aborted) return;
    console.error('stopping the stack...');
    stopRequested.abort();
    // Still starting: startStack stops what it started, then rejects (below).
    if (stack) void stack.stop().then(() => process.exit(0));
  });
}
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
try {
  const { values } = parseCommandLine(process.argv.slice(2), {
    usage,
    options: {
      instances: { type: 'string', default: '2' },
      workers: { type: 'string', default: '1' },
      port: { type: 'string', default: '8080' },
      'public-url': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const count = (name: string, v: string, min: number, max: number) => {
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < min || n > max) throw new UsageError(`--${name} takes a whole number from ${min} to ${max}\n\n${usage}`);
    return n;
  };
  const instances = count('instances', values.instances, 1, 8);
  const workers = count('workers', values.workers, 0, 8);
  const port = count('port', values.port, 1, 65535 - instances);
  const c = config();
  if (!c.DATABASE_URL) throw new UsageError('npm run stack needs DATABASE_URL (PostgreSQL): every instance and worker shares one database.');
  if (!c.REDIS_URL && !c.UPSTASH_REDIS_REST_URL) console.error('note: no REDIS_URL: each instance keeps its own rate-limit counters (one budget per instance, not per client).');
  const log = (line: string) => console.error(line);
  stack = await startStack({
    instances,
    workers,
    port,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    distDir: c.NEXT_DIST_DIR,
    publicUrl: values['public-url'],
    // eslint-disable-next-line no-restricted-properties -- passed on whole to the processes, not read.
    env: process.env,
    log,
    build: !values['no-build'],
    signal: stopRequested.signal,
  });
  console.log(`stack up: ${stack.url} (nginx) -> ${stack.instances.map((m) => `127.0.0.1:${m.port}`).join(', ')}; ${stack.workers.length} worker(s)`);
  console.log(`logs and the rendered nginx.conf: ${stack.runDir}`);
} catch (err) {
  if (stopRequested.signal.aborted) process.exit(0);
  console.error(err instanceof UsageError ? err.message : err);
  process.exit(err instanceof UsageError ? 2 : 1);
}
