import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type AuditEntryRow, listAuditEntries, listAuditEntriesOfSubjects } from './data';

export type AuditEntry = Omit<AuditEntryRow, 'sequence' | 'occurredAt'> & { occurredAt: string };
export type AuditPage = { entries: AuditEntry[]; nextCursor: string | null };

const CURSOR = /^[1-9][0-9]{0,18}$/;

/** The cursor of the page after the one that ended with `sequence` (opaque to readers: the entry's sequence). */
function encodeCursor(sequence: bigint): string {
  return sequence.toString();
}

function decodeCursor(cursor: string | undefined): bigint | undefined {
  if (cursor === undefined) return undefined;
  if (!CURSOR.test(cursor)) throw new ServiceError('validation_failed', { issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'not a cursor this list gave' }] });
  return BigInt(cursor);
}

/**
 * A store's audit trail (or one subject's), newest first, `limit` entries a page; `nextCursor`
 * reads the next older page, null at the end. The caller has checked the store is the reader's.
 */
export async function readAuditTrail(
  ctx: Pick<ServiceContext, 'db'>,
  input: { merchantId: string; subject?: { type: string; id: string }; cursor?: string; limit?: number },
): Promise<AuditPage> {
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 200);
  const rows = await listAuditEntries(ctx.db, { merchantId: input.merchantId, subject: input.subject, before: decodeCursor(input.cursor) }, limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(({ sequence: _sequence, occurredAt, ...e }) => ({ ...e, occurredAt: occurredAt.toISOString() })),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.sequence) : null,
  };
}

/** The newest `limit` entries of a store about any of `subjects` (e.g. an order and its after-sales requests), newest first. */
export async function readSubjectsTrail(
  ctx: Pick<ServiceContext, 'db'>,
  input: { merchantId: string; subjects: readonly { type: string; id: string }[]; limit: number },
): Promise<AuditEntry[]> {
  const rows = await listAuditEntriesOfSubjects(ctx.db, { merchantId: input.merchantId, subjects: input.subjects }, input.limit);
  return rows.map(({ sequence: _sequence, occurredAt, ...e }) => ({ ...e, occurredAt: occurredAt.toISOString() }));
}
