/**
 * The self-hosted production topology on one machine (docs/TOPOLOGY.md): nginx (deploy/nginx.conf)
 * in front of N `next start` instances of one production build, M `npm run worker` processes, and
 * the PostgreSQL and Redis of DATABASE_URL / REDIS_URL. `npm run stack` (scripts/stack.ts) runs it
 * for an operator; the integration tests (tests/topology.test.ts) and `npm run bench:faults` start
 * it through startStack(). Each process is supervised: one that dies is started again after a
 * second, as systemd's Restart=always would (deploy/storefront@.service).
 */
import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, readMigrations } from '../lib/db/migrations';
import { pgRunner } from '../lib/db/sql-runner';

export type StackOptions = {
  instances: number;
  workers: number;
  /** nginx's port; instance i listens on port + 1 + i (loopback only). */
  port: number;
  /** PostgreSQL: the topology needs one database every process shares. */
  databaseUrl: string;
  /** Redis: one rate-limit budget across instances (without it each instance counts alone). */
  redisUrl?: string;
  /** The production build's folder (NEXT_DIST_DIR), built first when it holds none. */
  distDir: string;
  /** Where the rendered nginx.conf, the logs and nginx's temp files go. */
  runDir?: string;
  /** The address shoppers use (links in e-mails, checkout URLs): nginx's by default. */
  publicUrl?: string;
  /** Environment of every process (the configuration: secrets, rate limits, ...), before the topology's own variables. */
  env: NodeJS.ProcessEnv;
  /** false: refuse to build when distDir holds no build (default: build it). */
  build?: boolean;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
  /**
   * Aborted (the CLI's SIGINT/SIGTERM) while the stack is still starting: the build is stopped,
   * every process started so far is stopped and waited for, and startStack rejects.
   */
  signal?: AbortSignal;
};

export type Member = {
  name: string;
  /** Where it listens (instances), if anywhere. */
  port?: number;
  child: ChildProcess;
  /** Restarts so far (the supervisor starts a member that died again). */
  restarts: number;
  logFile: string;
};

export type Stack = {
  url: string;
  runDir: string;
  nginx: Member;
  instances: Member[];
  workers: Member[];
  /** SIGKILL to one member's process group (fault injection); the supervisor starts it again. */
  kill(member: Member): Promise<void>;
  /** Waits until the member answers again (instances: /api/health; workers: its start line). */
  ready(member: Member, timeoutMs?: number): Promise<void>;
  /** SIGTERM to every process (SIGKILL to one still running after 20 s); resolves when all have exited. */
  stop(): Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How long an instance keeps an idle kept-alive connection (`next start --keepAliveTimeout`):
 * longer than nginx's upstream `keepalive_timeout` (60 s, deploy/nginx.conf), so the proxy always
 * closes an idle connection first and never sends a request on one the instance is closing.
 */
export const INSTANCE_KEEPALIVE_MS = 65_000;

/** Debian's nginx (apt-get install nginx), or null. */
export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** deploy/nginx.conf with its {{NAME}}s filled in. */
export function renderNginxConf(o: { listen: string; upstreams: string[]; runDir: string; user?: string }): string {
  const template = readFileSync(path.join(import.meta.dirname, '..', 'deploy', 'nginx.conf'), 'utf8');
  const values: Record<string, string> = {
    LISTEN: o.listen,
    UPSTREAM_SERVERS: o.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n'),
    RUN_DIR: o.runDir,
    USER_LINE: o.user ? `user ${o.user};` : '',
  };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`deploy/nginx.conf: no value for {{${name}}}`);
    return values[name]!;
  });
}

/**
 * `next build` into distDir unless it already holds a build. Not spawnSync: a SIGTERM to the CLI
 * meanwhile must be handled at once, and stops the build (`signal`) instead of outliving it.
 */
export async function ensureBuild(distDir: string, env: NodeJS.ProcessEnv, log: (line: string) => void, signal?: AbortSignal): Promise<void> {
  if (existsSync(path.join(distDir, 'BUILD_ID'))) return;
  log(`building the app into ${distDir} (next build, a few minutes)...`);
  const build = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, NEXT_DIST_DIR: distDir, NODE_ENV: 'production' },
    signal,
    killSignal: 'SIGTERM',
  });
  const code = await new Promise<number | null>((resolve) => {
    build.once('error', () => undefined); // the abort; 'close' follows
    build.once('close', (c) => resolve(c));
  });
  signal?.throwIfAborted();
  if (code !== 0) throw new Error('next build failed');
}

async function migrate(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await applyMigrations(pgRunner(pool), await readMigrations());
  } finally {
    await pool.end();
  }
}

export async function startStack(o: StackOptions): Promise<Stack> {
  const log = o.log ?? (() => undefined);
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed (apt-get install nginx)');
  const runDir = o.runDir ?? path.join(os.tmpdir(), `sc-stack-${o.port}`);
  for (const dir of ['', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(runDir, dir), { recursive: true });
  if (o.build === false && !existsSync(path.join(o.distDir, 'BUILD_ID'))) throw new Error(`no production build in ${o.distDir} (npm run build)`);
  await ensureBuild(o.distDir, o.env, log, o.signal);
  o.signal?.throwIfAborted();
  await migrate(o.databaseUrl);
  o.signal?.throwIfAborted();

  const url = `http://127.0.0.1:${o.port}`;
  const shared: NodeJS.ProcessEnv = {
    ...o.env,
    DATABASE_URL: o.databaseUrl,
    ...(o.redisUrl ? { REDIS_URL: o.redisUrl } : {}),
    PUBLIC_BASE_URL: o.publicUrl ?? url,
    // nginx is the one proxy in front: the client address is the last X-Forwarded-For entry.
    TRUSTED_PROXY_HOPS: '1',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  delete shared.PGLITE_DATA_DIR;
  for (const [name, value] of Object.entries(shared)) if (value === undefined) delete shared[name];
  let stopping = false;
  const members: Member[] = [];

  const launch = (m: Omit<Member, 'child' | 'restarts'>, start: () => ChildProcess): Member => {
    const member = { ...m, restarts: 0 } as Member;
    const run = () => {
      const out = createWriteStream(member.logFile, { flags: 'a' });
      const child = start();
      child.stdout?.pipe(out);
      child.stderr?.pipe(out);
      member.child = child;
      child.once('exit', (code, signal) => {
        if (stopping) return;
        log(`${member.name} exited (${signal ?? `code ${code}`}): starting it again in 1 s`);
        setTimeout(() => {
          if (stopping) return;
          member.restarts++;
          run();
        }, 1_000);
      });
    };
    run();
    members.push(member);
    return member;
  };
  /** SIGTERM to every member's process group (SIGKILL after 20 s); resolves when all have exited. */
  const stopAll = async (): Promise<void> => {
    stopping = true;
    const all = [...members];
    await Promise.all(
      all.map(async (m) => {
        if (m.child.exitCode !== null || m.child.signalCode !== null) return;
        const exited = new Promise<void>((r) => m.child.once('exit', () => r()));
        try {
          process.kill(-m.child.pid!, 'SIGTERM');
        } catch {
          return;
        }
        const killed = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
        if (!killed) {
          try {
            process.kill(-m.child.pid!, 'SIGKILL');
          } catch {
            // gone meanwhile
          }
        }
      }),
    );
  };
  const detached: SpawnOptions = { detached: true, stdio: ['ignore', 'pipe', 'pipe'] };

  const instances = Array.from({ length: o.instances }, (_, i) => {
    const port = o.port + 1 + i;
    return launch({ name: `instance ${i + 1}`, port, logFile: path.join(runDir, `instance-${i + 1}.log`) }, () =>
      spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '--experimental-next-config-strip-types', '--keepAliveTimeout', String(INSTANCE_KEEPALIVE_MS), '-H', '127.0.0.1', '-p', String(port)], {
        ...detached,
        env: {
          ...shared,
          NODE_ENV: 'production',
          NEXT_DIST_DIR: o.distDir,
          // Production refuses it (webhooks never go to this machine); workers may have it for a local receiver.
          WEBHOOKS_ALLOW_LOOPBACK: '0',
          // With workers running, the instances leave the background work to them (unless told otherwise).
          BACKGROUND_WORK_INTERVAL_MS: o.env.BACKGROUND_WORK_INTERVAL_MS ?? (o.workers > 0 ? '0' : '5000'),
          // nginx refuses headers over 32 KiB itself (with the JSON envelope): Node's limit sits above it.
          NODE_OPTIONS: [`--max-old-space-size=192`, '--max-http-header-size=65536', o.env.NODE_OPTIONS].filter(Boolean).join(' '),
        },
      }),
    );
  });
  const workers = Array.from({ length: o.workers }, (_, i) =>
    launch({ name: `worker ${i + 1}`, logFile: path.join(runDir, `worker-${i + 1}.log`) }, () =>
      spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
        ...detached,
        // At least `info`: the stack knows a worker is up by its "worker started" line.
        env: { ...shared, LOG_LEVEL: o.env.LOG_LEVEL === 'debug' || o.env.LOG_LEVEL === 'trace' ? o.env.LOG_LEVEL : 'info' },
      }),
    ),
  );

  const confPath = path.join(runDir, 'nginx.conf');
  writeFileSync(
    confPath,
    renderNginxConf({
      listen: `127.0.0.1:${o.port}`,
      upstreams: instances.map((m) => `127.0.0.1:${m.port}`),
      runDir,
      user: process.getuid?.() === 0 ? 'root' : undefined,
    }),
  );
  const test = spawnSync(nginx, ['-t', '-q', '-p', runDir, '-c', confPath, '-e', path.join(runDir, 'error.log')], { encoding: 'utf8' });
  if (test.status !== 0) {
    await stopAll();
    throw new Error(`nginx refused ${confPath}:\n${test.stderr}`);
  }

  const ready = async (member: Member, timeoutMs = 180_000): Promise<void> => {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      o.signal?.throwIfAborted();
      if (member.port) {
        try {
          if ((await fetch(`http://127.0.0.1:${member.port}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
      } else if (existsSync(member.logFile) && readFileSync(member.logFile, 'utf8').split('worker started').length > member.restarts + 1) {
        return;
      }
      await sleep(250);
    }
    throw new Error(`${member.name} did not become ready; see ${member.logFile}`);
  };

  const nginxMember = launch({ name: 'nginx', port: o.port, logFile: path.join(runDir, 'nginx.log') }, () =>
    spawn(nginx, ['-p', runDir, '-c', confPath, '-e', path.join(runDir, 'error.log'), '-g', 'daemon off;'], detached),
  );

  const stack: Stack = {
    url,
    runDir,
    nginx: nginxMember,
    instances,
    workers,
    async kill(member) {
      const exited = new Promise<void>((r) => member.child.once('exit', () => r()));
      try {
        process.kill(-member.child.pid!, 'SIGKILL');
      } catch {
        return;
      }
      await exited;
    },
    ready,
    stop: stopAll,
  };
  try {
    await Promise.all([...instances, ...workers].map((m) => ready(m)));
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // nginx not listening yet
      }
      o.signal?.throwIfAborted();
      if (i > 100) throw new Error(`nginx did not answer; see ${path.join(runDir, 'error.log')}`);
      await sleep(100);
    }
  } catch (err) {
    await stack.stop();
    throw err;
  }
  return stack;
}
