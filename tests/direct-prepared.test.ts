import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { prismaForPostgres } from '../lib/db/client';
import { direct } from '../lib/db/direct';
import { queryRow, queryRows } from '../lib/db/rows';
import { Prisma } from '../lib/generated/prisma/client';
import { setEnv } from './helpers/env';

// Named statements on PostgreSQL's connections (PGlite's are tested in lib/db/pglite-driver.test.ts).
// TEST_ACTIVE_DATABASE_URL (this file's database) is set once the file's setup ran.
const url = () => process.env.TEST_ACTIVE_DATABASE_URL!;
const opened: { $disconnect: () => Promise<void> }[] = [];
afterAll(() => Promise.all(opened.map((c) => c.$disconnect())));

/** A client of this file's database opened with these environment settings (restored after). */
function openWith(env: Record<string, string>) {
  const restore = setEnv(env);
  try {
    const db = prismaForPostgres(url());
    opened.push(db);
    return db;
  } finally {
    restore();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared direct statements on PostgreSQL', () => {
  it('parses a statement once per connection and binds it after, with the same rows as an unnamed one', async () => {
    // One connection: what it prepared is what the next query sees.
    const db = openWith({ DATABASE_POOL_MAX: '1' });
    const Row = z.object({ slug: z.string(), n: z.number() });
    const statement = (slug: string) => Prisma.sql`SELECT slug, ${7}::int AS n FROM "Merchant" WHERE slug = ${slug}`;
    const first = await queryRow(direct(db, 'prepared'), Row, statement('lumen-audio'));
    const again = await queryRow(direct(db, 'prepared'), Row, statement('lumen-audio'));
    expect(first).toEqual({ slug: 'lumen-audio', n: 7 });
    expect(again).toEqual(first);
    expect(await queryRow(direct(db), Row, statement('lumen-audio'))).toEqual(first);
    const prepared = await queryRows(
      direct(db),
      z.object({ name: z.string() }),
      Prisma.sql`SELECT name FROM pg_prepared_statements WHERE statement = ${statement('x').text}`,
    );
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.name).toMatch(/^sc_/);
  });

  it('keeps a prepared statement usable after it failed on a constraint', async () => {
    const db = openWith({});
    const bad = Prisma.sql`SELECT (${'not a number'})::int AS n`;
    await expect(direct(db, 'prepared').$queryRaw(bad)).rejects.toThrow();
    const ok = Prisma.sql`SELECT (${'42'})::int AS n`;
    expect(await queryRow(direct(db, 'prepared'), z.object({ n: z.number() }), ok)).toEqual({ n: 42 });
  });

  it('sends them unnamed with DATABASE_PREPARED_STATEMENTS=off (a pooler that cannot keep them)', async () => {
    const db = openWith({ DATABASE_POOL_MAX: '1', DATABASE_PREPARED_STATEMENTS: 'off' });
    const statement = Prisma.sql`SELECT slug FROM "Merchant" WHERE slug = ${'lumen-audio'} AND ${'unnamed'}::text IS NOT NULL`;
    expect(await queryRow(direct(db, 'prepared'), z.object({ slug: z.string() }), statement)).toEqual({ slug: 'lumen-audio' });
    const prepared = await queryRows(direct(db), z.object({ name: z.string() }), Prisma.sql`SELECT name FROM pg_prepared_statements WHERE statement = ${statement.text}`);
    expect(prepared).toHaveLength(0);
  });
});
