import { z } from 'zod';
import type { Db } from '../db/client';
import { Prisma } from '../generated/prisma/client';

/**
 * The audit trail's queries (the AuditEntry table): appending an entry in the caller's
 * transaction, and reading a store's entries newest first, a page at a time by sequence.
 */

/** The transaction of the change an entry records: the entry commits or rolls back with it. */
export type AuditWriter = Pick<Prisma.TransactionClient, 'auditEntry'>;
type Reader = Pick<Db | Prisma.TransactionClient, 'auditEntry'>;

/** The small JSON object kept with an entry: flat values only, so a reader can show each as it is. */
export const AuditDetails = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetails = z.output<typeof AuditDetails>;

export type NewAuditEntry = {
  id: string;
  merchantId: string;
  actorKind: string;
  actorId: string | null;
  actorLabel: string;
  action: string;
  subjectType: string;
  subjectId: string;
  details: AuditDetails;
  occurredAt: Date;
};

export async function insertAuditEntry(tx: AuditWriter, entry: NewAuditEntry): Promise<void> {
  await tx.auditEntry.create({ data: entry });
}

/** Many entries in one statement, their rows as one JSON array, in order. */
export async function insertAuditEntries(tx: Pick<Prisma.TransactionClient, '$executeRaw'>, entries: readonly NewAuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx.$executeRaw(auditEntriesInsert(entries));
}

/** The INSERT of insertAuditEntries, for a writer that appends its entries in a statement of its own (a CTE of it). */
export function auditEntriesInsert(entries: readonly NewAuditEntry[]): Prisma.Sql {
  const rows = JSON.stringify(entries.map((e) => ({ ...e, occurredAt: e.occurredAt.toISOString() })));
  return Prisma.sql`INSERT INTO "AuditEntry" ("id", "merchantId", "actorKind", "actorId", "actorLabel", "action", "subjectType", "subjectId", "details", "occurredAt")
    SELECT r."id", r."merchantId", r."actorKind", r."actorId", r."actorLabel", r."action", r."subjectType", r."subjectId", r."details", r."occurredAt"
    FROM ROWS FROM (jsonb_to_recordset(${rows}::jsonb) AS ("id" uuid, "merchantId" uuid, "actorKind" text, "actorId" text, "actorLabel" text,
      "action" text, "subjectType" text, "subjectId" text, "details" jsonb, "occurredAt" timestamptz)) WITH ORDINALITY AS r("id", "merchantId", "actorKind", "actorId", "actorLabel", "action", "subjectType", "subjectId", "details", "occurredAt", "n")
    ORDER BY r."n"`;
}

export const AuditEntryRow = z.object({
  id: z.string(),
  sequence: z.bigint(),
  merchantId: z.string(),
  actorKind: z.enum(['merchant_user', 'installation', 'operator', 'shopper', 'system']),
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  details: AuditDetails,
  occurredAt: z.date(),
});
export type AuditEntryRow = z.output<typeof AuditEntryRow>;

export type AuditFilter = { merchantId: string; subject?: { type: string; id: string }; before?: bigint };

/** Up to `take` entries of a store (of one subject, when given), newest first, older than `before` when given. */
export async function listAuditEntries(db: Reader, filter: AuditFilter, take: number): Promise<AuditEntryRow[]> {
  const rows = await db.auditEntry.findMany({
    where: {
      merchantId: filter.merchantId,
      ...(filter.subject && { subjectType: filter.subject.type, subjectId: filter.subject.id }),
      ...(filter.before !== undefined && { sequence: { lt: filter.before } }),
    },
    orderBy: { sequence: 'desc' },
    take,
  });
  return rows.map((r) => AuditEntryRow.parse(r));
}

/** Up to `take` entries of a store about any of `subjects` (an order and its after-sales requests), newest first. */
export async function listAuditEntriesOfSubjects(db: Reader, filter: { merchantId: string; subjects: readonly { type: string; id: string }[] }, take: number): Promise<AuditEntryRow[]> {
  if (filter.subjects.length === 0) return [];
  const rows = await db.auditEntry.findMany({
    where: { merchantId: filter.merchantId, OR: filter.subjects.map((s) => ({ subjectType: s.type, subjectId: s.id })) },
    orderBy: { sequence: 'desc' },
    take,
  });
  return rows.map((r) => AuditEntryRow.parse(r));
}
