import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPg } from '@prisma/adapter-pg';
import { serialTransactions } from './serial-transactions';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';
import { applyMigrations, readMigrations } from './migrations';
import { Worker } from 'node:worker_threads';
import { config } from '../platform/config';
import { logger } from '../platform/logger';
import { processWide } from '../platform/process-wide';
import { acquireLock, type DataDirLock, DataDirLockedError, readLock, socketDirFor } from './embedded';
import { serveOverSocket } from './pglite-serve.mjs';
import { pgliteRunner, pgRunner } from './sql-runner';
import { pgDriver, registerDriver, sharedSessionDriver } from './direct';
import { pgliteDriver } from './pglite-driver';
import { evictingPool, retryingTransactions } from './resilience';

export type Db = PrismaClient;

/**
 * How long an interactive transaction may wait for a connection and then run: every request's
 * (lib/http/idempotency.ts, the OAuth endpoints), and every other transaction's unless it sets its
 * own, not Prisma's 5 s. A refund by the operator command ran out of 5 s on a host running two CI
 * runs at once (its work is milliseconds; the CPU was not its own), and a console or merchant API
 * change (an order moved, an after-sales decision) runs the same services.
 */
export const TRANSACTION_TIMEOUT_MS = 15_000;
const transactionOptions = { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS };

export type Handle = { prisma: PrismaClient; close: () => Promise<void> };

/** A server refuses a data directory another process holds; a command connects through its holder. */
export type DbRole = 'server' | 'command';

/** The database handle and the process's role, shared by every bundled copy of this module. */
const slot = processWide('db', () => ({ handle: undefined as Promise<Handle> | undefined, role: undefined as DbRole | undefined }));

/**
 * Where the embedded database lives when DATABASE_URL is not set: always an absolute path (a
 * relative PGLITE_DATA_DIR is taken from the project folder), since its socket folder's path is
 * what pg is given as the host, and pg takes anything not starting with a slash for a host name.
 */
export function pgliteDataDir(): string {
  return config().pgliteDataDir;
}

/** Opens an embedded PGlite with the extensions the schema relies on. `dataDir` undefined = in memory. */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  return PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm }, postgresqlconf: pgliteConf() });
}

/** The settings every embedded database opens with (here and in its worker thread, pglite-worker.mjs). */
function pgliteConf(): string[] {
  return [`shared_buffers = ${pgliteSharedBuffers()}`];
}

/**
 * PGlite's buffer cache lives in its WebAssembly memory, which grows and never shrinks: at
 * PostgreSQL's default of 128MB it is most of the embedded database's share of the server's
 * memory. The demo catalog is a few megabytes and the files behind the cache are in the OS page
 * cache anyway, so 32MB is the default.
 */
function pgliteSharedBuffers(): string {
  return config().PGLITE_SHARED_BUFFERS;
}

export function prismaForPglite(pglite: PGlite): PrismaClient {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions });
  registerDriver(prisma, pgliteDriver(pglite));
  return prisma;
}

export function prismaForPostgres(connectionString: string): PrismaClient {
  const max = config().DATABASE_POOL_MAX;
  // One pool for Prisma and the hot raw statements (lib/db/direct.ts): Prisma ends it on $disconnect.
  // Survives a database blip (lib/db/resilience.ts): broken clients are evicted, and a transaction
  // or statement that certainly did not commit runs once more on a fresh connection.
  const pool = evictingPool({ connectionString, max });
  const prisma = retryingTransactions(new PrismaClient({ adapter: serialTransactions(new PrismaPg(pool, { disposeExternalPool: true })), transactionOptions }));
  registerDriver(prisma, pgDriver(pool));
  return prisma;
}

async function open(): Promise<Handle> {
  const { DATABASE_URL: url, NEXT_PHASE } = config();
  if (url) {
    const prisma = prismaForPostgres(url);
    return { prisma, close: () => prisma.$disconnect() };
  }
  // `next build` workers prerendering pages are not the server: they connect through a running one.
  const role = slot.role ?? (NEXT_PHASE === 'phase-production-build' ? 'command' : 'server');
  return openEmbedded(pgliteDataDir(), role);
}

/**
 * The embedded database, honouring its one-owner lock (lib/db/embedded.ts). The first process
 * takes the lock, opens the directory, migrates it and serves it on a unix socket. Later, a
 * command connects through that socket; a second server is refused with the holder's name.
 */
export async function openEmbedded(dataDir: string, role: DbRole): Promise<Handle> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const holder = readLock(dataDir);
    if (holder && role === 'server') throw new DataDirLockedError(dataDir, holder);
    if (holder?.socketDir) {
      const prisma = prismaForSocket(holder.socketDir);
      return { prisma, close: () => prisma.$disconnect() };
    }
    if (holder) {
      // The owner is still opening or migrating; its socket appears when it is ready.
      if (Date.now() > deadline) throw new DataDirLockedError(dataDir, holder);
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    let lock: DataDirLock;
    try {
      lock = acquireLock(dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError && role === 'command') continue; // lost a race to another opener
      throw err;
    }
    try {
      return role === 'server' && pgliteWorkerEnabled() ? await serveFromWorker(dataDir, lock) : await serveInProcess(dataDir, lock);
    } catch (err) {
      lock.release();
      throw err;
    }
  }
}

/** `PGLITE_WORKER=off` keeps the server's embedded database on its main thread. */
function pgliteWorkerEnabled(): boolean {
  return config().PGLITE_WORKER === 'on';
}

/** Connections from the app's thread to its embedded database's worker. */
const PGLITE_WORKER_CONNECTIONS = 4;
const PGLITE_WORKER_HEAP_MB = 64;

/**
 * The server's embedded database runs on a thread of its own: PGlite executes every statement
 * synchronously in WebAssembly, so on the app's thread a cart write spent more time in PGlite
 * than in the app, and the machine's second core sat idle. The worker opens the directory and
 * serves it on the unix socket (as the owner always has, for commands); the app connects to it
 * with the pg driver, exactly as to PostgreSQL. PGlite has one session, which the socket server
 * shares out batch by batch (pglite-serve.mjs); a few connections keep the worker fed while the
 * app's thread reads answers. The hot statements are named per connection (`sharedSessionDriver`):
 * parsed and planned once each, as on PostgreSQL.
 */
async function serveFromWorker(dataDir: string, lock: DataDirLock): Promise<Handle> {
  const socketDir = socketDirFor(dataDir);
  const worker = new Worker(path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib', 'db', 'pglite-worker.mjs'), {
    workerData: { dataDir, socketDir, postgresqlconf: pgliteConf() },
    // Its JavaScript heap holds only the batches in flight (PGlite's pages are WebAssembly memory,
    // outside this limit): capped, V8 collects it early instead of letting it grow.
    resourceLimits: { maxOldGenerationSizeMb: PGLITE_WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8 },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The embedded database's worker exited (code ${code}) before it was ready`)));
      worker.once('message', (m: { ready?: true; error?: string }) => (m.ready ? resolve() : reject(new Error(`The embedded database did not open: ${m.error}`))));
    });
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  worker.removeAllListeners();
  const closed = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let closing = false;
  worker.on('error', (err) => logger.fatal({ err }, 'the embedded database worker failed'));
  // Without its database the server can only answer 500s: it stops, saying why (releasing the lock
  // as it exits), rather than run on broken.
  worker.on('exit', (code) => {
    if (closing) return;
    logger.fatal({ code }, 'the embedded database worker stopped; the server stops too');
    process.exit(1);
  });
  // A connection that failed is evicted, and the pool's idle errors logged (lib/db/resilience.ts).
  const pool = evictingPool({ ...socketConnection(socketDir), max: PGLITE_WORKER_CONNECTIONS });
  const stopWorker = async () => {
    closing = true;
    worker.postMessage('close');
    await Promise.race([closed, new Promise((r) => setTimeout(r, 5_000))]);
    await worker.terminate();
  };
  try {
    await applyMigrations(pgRunner(pool), await readMigrations());
  } catch (err) {
    await pool.end();
    await stopWorker();
    throw err;
  }
  lock.setSocket(socketDir);
  const prisma = retryingTransactions(new PrismaClient({ adapter: serialTransactions(new PrismaPg(pool, { disposeExternalPool: true })), transactionOptions }));
  registerDriver(prisma, sharedSessionDriver(pool));
  return {
    prisma,
    close: async () => {
      lock.setSocket(null);
      await prisma.$disconnect();
      await stopWorker();
      lock.release();
    },
  };
}

/** The embedded database on this thread: operator commands that found no server holding it, and `PGLITE_WORKER=off`. */
async function serveInProcess(dataDir: string, lock: DataDirLock): Promise<Handle> {
  // The embedded default migrates itself on first open, so a fresh clone needs no extra step.
  const pglite = await openPglite(dataDir);
  await applyMigrations(pgliteRunner(pglite), await readMigrations());
  const socketDir = socketDirFor(dataDir);
  const stopSocket = await serveOverSocket(pglite, socketDir);
  lock.setSocket(socketDir);
  const handle = pgliteHandle(pglite);
  return {
    ...handle,
    close: async () => {
      lock.setSocket(null);
      await stopSocket();
      await handle.close();
      lock.release();
    },
  };
}

/** How pg reaches the embedded database's unix socket (`.s.PGSQL.5432` in `socketDir`). */
function socketConnection(socketDir: string): pg.PoolConfig {
  return { host: socketDir, port: 5432, user: 'postgres', database: 'postgres' };
}

/** A client of the embedded database another process owns, over its unix socket. */
export function prismaForSocket(socketDir: string): PrismaClient {
  return new PrismaClient({ adapter: serialTransactions(new PrismaPg({ ...socketConnection(socketDir), max: 1 })), transactionOptions });
}

/** A Prisma client over an open PGlite, closing both together. */
export function pgliteHandle(pglite: PGlite): Handle {
  const prisma = prismaForPglite(pglite);
  return {
    prisma,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/**
 * Operator commands (scripts/*.ts) get their database this way: with the embedded default, through
 * the running server when one holds the data directory, else by opening it themselves.
 */
export function commandDb(): Promise<Db> {
  slot.role = 'command';
  return getDb();
}

/** The process-wide database. One per process: PGlite allows a single opener of its directory. */
export async function getDb(): Promise<Db> {
  const handle = (slot.handle ??= open());
  try {
    return (await handle).prisma;
  } catch (err) {
    slot.handle = undefined;
    throw err;
  }
}

/** Tests and scripts install their own database (an isolated copy) before the first request. */
export function setDb(prisma: PrismaClient, close: () => Promise<void> = () => prisma.$disconnect()) {
  slot.handle = Promise.resolve({ prisma, close });
}

/** Like setDb, but the database is only made when first used (test files that never touch it pay nothing). */
export function setDbFactory(factory: () => Promise<Handle>) {
  let made: Promise<Handle> | undefined;
  const lazy = {
    then: (...args: Parameters<Promise<Handle>['then']>) => (made ??= factory()).then(...args),
    unused: () => made === undefined,
  };
  slot.handle = lazy as unknown as Promise<Handle>;
}

export async function closeDb(): Promise<void> {
  const handle = slot.handle as (Promise<Handle> & { unused?: () => boolean }) | undefined;
  slot.handle = undefined;
  if (handle && !handle.unused?.()) await (await handle).close();
}
