import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';
import { applyMigrations, readMigrations } from './migrations';
import { pgliteRunner } from './sql-runner';

export type Db = PrismaClient;

export type Handle = { prisma: PrismaClient; close: () => Promise<void> };

const globalKey = Symbol.for('storefront-commerce.db');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };
const g = globalThis as GlobalWithDb;

/** Where the embedded database lives when DATABASE_URL is not set. */
export function pgliteDataDir(): string {
  return process.env.PGLITE_DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), '.data', 'pglite');
}

/** Opens an embedded PGlite with the extensions the schema relies on. `dataDir` undefined = in memory. */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  return PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
}

export function prismaForPglite(pglite: PGlite): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPGlite(pglite) });
}

export function prismaForPostgres(connectionString: string): PrismaClient {
  const max = Number(process.env.DATABASE_POOL_MAX ?? 10);
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max }) });
}

async function open(): Promise<Handle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const prisma = prismaForPostgres(url);
    return { prisma, close: () => prisma.$disconnect() };
  }
  // The embedded default migrates itself on first open, so a fresh clone needs no extra step.
  const pglite = await openPglite(pgliteDataDir());
  await applyMigrations(pgliteRunner(pglite), await readMigrations());
  return pgliteHandle(pglite);
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

/** The process-wide database. One per process: PGlite allows a single opener of its directory. */
export async function getDb(): Promise<Db> {
  g[globalKey] ??= open();
  try {
    return (await g[globalKey]).prisma;
  } catch (err) {
    g[globalKey] = undefined;
    throw err;
  }
}

/** Tests and scripts install their own database (an isolated copy) before the first request. */
export function setDb(prisma: PrismaClient, close: () => Promise<void> = () => prisma.$disconnect()) {
  g[globalKey] = Promise.resolve({ prisma, close });
}

/** Like setDb, but the database is only made when first used (test files that never touch it pay nothing). */
export function setDbFactory(factory: () => Promise<Handle>) {
  let made: Promise<Handle> | undefined;
  const lazy = {
    then: (...args: Parameters<Promise<Handle>['then']>) => (made ??= factory()).then(...args),
    unused: () => made === undefined,
  };
  g[globalKey] = lazy as unknown as Promise<Handle>;
}

export async function closeDb(): Promise<void> {
  const handle = g[globalKey] as (Promise<Handle> & { unused?: () => boolean }) | undefined;
  g[globalKey] = undefined;
  if (handle && !handle.unused?.()) await (await handle).close();
}
