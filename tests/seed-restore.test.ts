import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { openPglite } from '../lib/db/client';
import { restoreSeed } from './setup/seed-copy';

/**
 * The test workers' promise (tests/setup/per-file.ts): a file run after another on the same embedded
 * database starts from exactly the seeded state, whatever the file before wrote.
 */
const template = inject('dbTemplate');

describe.runIf(template.kind === 'pglite')('restoring the seeded state between test files', () => {
  it('undoes inserts, updates, deletes, sequence moves, session settings and tables a test made', async () => {
    const db = await openPglite(undefined, new Blob([await readFile((template as { snapshot: string }).snapshot)]));
    try {
      const fingerprint = async () => {
        const { rows: tables } = await db.query<{ name: string }>(
          `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
        );
        const out: Record<string, string> = {};
        for (const { name } of tables) {
          const { rows } = await db.query<{ n: string; h: string | null }>(`SELECT count(*)::text AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM public."${name}" t`);
          out[name] = `${rows[0]!.n}:${rows[0]!.h}`;
        }
        return out;
      };
      const sequences = async () =>
        (await db.query<{ name: string; last_value: string | null }>(`SELECT sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`)).rows;
      const seeded = await fingerprint();
      // Where the seed left each sequence (a loaded snapshot's may have moved on: PostgreSQL logs sequences ahead).
      const seededSequences = (await db.query<{ name: string; last_value: string | null }>(`SELECT name, last_value::text FROM test_seed.sequences ORDER BY 1`)).rows;
      expect(seededSequences.length).toBeGreaterThan(0);
      expect(Object.keys(seeded).length).toBeGreaterThan(20);
      expect(Number(seeded.Product!.split(':')[0])).toBeGreaterThan(0);

      await db.exec(`
        UPDATE "SkuPrice" SET amount = amount + 1;
        DELETE FROM "AuditEntry";
        INSERT INTO "DomainEvent" (id, type, "merchantId", "subjectType", "subjectId", payload, "occurredAt")
          SELECT gen_random_uuid(), 'test.ping', "merchantId", 'test', 'x', '{}', now() FROM "DomainEvent" LIMIT 1;
        UPDATE "PublicReadVersion" SET version = version + 7;`);
      const { rows: seqs } = await db.query<{ sequencename: string }>(`SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'`);
      for (const s of seqs) await db.query(`SELECT nextval('public."${s.sequencename}"')`);
      await db.exec(`SET statement_timeout = 1234`);
      await db.exec(`CREATE TABLE made_by_a_test (id serial PRIMARY KEY)`);
      expect(await fingerprint()).not.toEqual(seeded);

      expect(await sequences()).not.toEqual(seededSequences);

      await restoreSeed(db);
      expect(await fingerprint()).toEqual(seeded);
      expect(await sequences()).toEqual(seededSequences);
      expect((await db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout).toBe('0');
    } finally {
      await db.close();
    }
  });
});
