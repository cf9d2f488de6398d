import { randomUUID } from 'node:crypto';
import type { Actor } from '../core/context';
import { type AuditDetails, type AuditWriter, type NewAuditEntry, insertAuditEntries, insertAuditEntry } from './data';

export type AuditInput = {
  merchantId: string;
  /** What was done: `<subject>.<verb>`, e.g. `order.ship`. */
  action: string;
  subjectType: string;
  subjectId: string;
  details?: AuditDetails;
  occurredAt: Date;
};

/** Who the entry names: the actor's own id where it has one, and what a reader is shown. */
export function actorColumns(actor: Actor): { actorKind: Actor['kind']; actorId: string | null; actorLabel: string } {
  switch (actor.kind) {
    case 'merchant_user':
      return { actorKind: actor.kind, actorId: actor.userId, actorLabel: actor.email };
    case 'installation':
      return { actorKind: actor.kind, actorId: actor.installationId, actorLabel: actor.appId };
    default:
      return { actorKind: actor.kind, actorId: null, actorLabel: actor.kind };
  }
}

/**
 * Appends an audit entry inside the caller's transaction, so the trail holds exactly the changes
 * that committed. Services merchants and apps act through call it beside their domain event.
 */
export async function recordAudit(tx: AuditWriter, actor: Actor, input: AuditInput): Promise<string> {
  const [entry] = newAuditEntries(actor, [input]);
  await insertAuditEntry(tx, entry!);
  return entry!.id;
}

/** recordAudit for many entries by one actor at once (a bulk write such as a catalog import's batch): one statement. */
export async function recordAudits(tx: Parameters<typeof insertAuditEntries>[0], actor: Actor, inputs: readonly AuditInput[]): Promise<void> {
  await insertAuditEntries(tx, newAuditEntries(actor, inputs));
}

/** The rows recordAudits writes, for a writer that inserts them in a statement of its own (auditEntriesInsert, as a CTE beside its change). */
export function newAuditEntries(actor: Actor, inputs: readonly AuditInput[]): NewAuditEntry[] {
  return inputs.map((input) => ({
    id: randomUUID(),
    merchantId: input.merchantId,
    ...actorColumns(actor),
    action: input.action,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    details: input.details ?? {},
    occurredAt: input.occurredAt,
  }));
}
