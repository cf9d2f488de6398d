import { describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { isTransactionConflict } from '../lib/db/errors';
import { CONFLICT_RETRIES, retryCounts } from '../lib/db/resilience';
import { errorResponse } from '../lib/http/respond';

// Two transactions that take the same two rows in opposite orders deadlock: PostgreSQL rolls one
// back (40P01) after deadlock_timeout. The transaction wrapper runs the victim again, so both
// requests' changes land and neither answers 500. The embedded database has one connection and
// runs one transaction at a time, so only PostgreSQL can deadlock.
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/** Resolves when `n` parties have called it. */
function barrier(n: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === n) open();
    return opened;
  };
}

const versions = async () =>
  (await (await getDb()).$queryRaw<{ id: number; version: bigint }[]>`SELECT id, version FROM "PublicReadVersion" WHERE id IN (1, 2) ORDER BY id`).map((r) => Number(r.version));

describe.skipIf(!ON_POSTGRES)('transactions rolled back by a conflict (PostgreSQL only)', () => {
  it('a deadlock’s victim runs again: both transactions commit, each once', async () => {
    const db = await getDb();
    const [a = 0, b = 0] = await versions();
    const conflictsBefore = retryCounts.conflicts;
    const bothHoldTheirFirstRow = barrier(2);
    const runs = { first: 0, second: 0 };
    // Each takes one row, waits until the other holds its own, then asks for the other's: a
    // deadlock on the first attempt. A run after the first does not wait.
    const opposite = (first: number, second: number, name: keyof typeof runs) =>
      db.$transaction(
        async (tx) => {
          runs[name]++;
          await tx.$executeRaw`UPDATE "PublicReadVersion" SET version = version + 1 WHERE id = ${first}`;
          if (runs[name] === 1) await bothHoldTheirFirstRow();
          await tx.$executeRaw`UPDATE "PublicReadVersion" SET version = version + 1 WHERE id = ${second}`;
        },
        { timeout: 20_000, maxWait: 10_000 },
      );
    await Promise.all([opposite(1, 2, 'first'), opposite(2, 1, 'second')]);

    expect(await versions()).toEqual([a + 2, b + 2]);
    expect(runs.first + runs.second).toBe(3);
    expect(retryCounts.conflicts - conflictsBefore).toBe(1);
  });

  it('one still losing after its retries is 503 with Retry-After, and changed nothing', async () => {
    const db = await getDb();
    const [a = 0] = await versions();
    let runs = 0;
    const err = await db
      .$transaction(async (tx) => {
        runs++;
        await tx.$executeRaw`UPDATE "PublicReadVersion" SET version = version + 1 WHERE id = 1`;
        // What PostgreSQL reports to a deadlock's victim, every time.
        await tx.$executeRaw`DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END $$`;
      })
      .catch((e: unknown) => e);
    expect(isTransactionConflict(err)).toBe(true);
    expect(runs).toBe(1 + CONFLICT_RETRIES);
    expect((await versions())[0]).toBe(a);
    const res = errorResponse(err, 'req_conflict');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect((await res.json()).error.code).toBe('service_unavailable');
  });
});
