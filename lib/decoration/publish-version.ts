import 'server-only';
import { recordAudit } from '../audit/record-audit';
import { lockStore } from '../catalog/data';
import type { MerchantRecord } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { appendEvent } from '../events/append-event';
import type { Prisma } from '../generated/prisma/client';
import type { Locale, Market } from '../schemas/common';
import { blockChanges } from './block-changes';
import { insertDecorationVersion, markDraftPublished, readLiveDecoration } from './data';
import { DECORATION_AUDIT_SUBJECT, decorationPublished } from './events';
import { collectionProductIds } from './product-entries';
import type { DecorationBlock, DecorationChanges, DecorationVersionResource } from './schemas';

export type NewVersion = {
  merchant: Pick<MerchantRecord, 'id'>;
  locale: Locale;
  market: Market;
  /** Validated blocks in their stored form (own media root-relative). */
  blocks: DecorationBlock[];
  /** Set for a rollback: the version whose blocks these are. */
  restoredFromVersion: number | null;
  /** The live version the publisher expects (0: none yet); another one live is 409 decoration_version_conflict. */
  expectedVersion?: number;
  /** Publishing the saved draft: it is then based on the new version. */
  fromDraft?: boolean;
};

/**
 * THE way a version is published, whoever publishes (the operator's file, the draft from the
 * console or the API, a rollback): under the store's lock, the next version number, the
 * immutable row and the `decoration.published` event, in the caller's transaction.
 */
export async function publishVersion(ctx: ServiceContext, tx: Prisma.TransactionClient, input: NewVersion): Promise<DecorationVersionResource> {
  await lockStore(tx, input.merchant.id);
  const live = await readLiveDecoration(tx, input.merchant.id);
  const liveVersion = live?.version ?? 0;
  if (input.expectedVersion !== undefined && input.expectedVersion !== liveVersion) {
    throw new ServiceError('decoration_version_conflict', { details: { liveVersion, expectedVersion: input.expectedVersion } });
  }
  const row = await insertDecorationVersion(tx, {
    merchantId: input.merchant.id,
    version: liveVersion + 1,
    locale: input.locale,
    market: input.market,
    blocks: input.blocks,
    publishedAt: ctx.now,
    restoredFromVersion: input.restoredFromVersion,
  });
  if (input.fromDraft) await markDraftPublished(tx, input.merchant.id, row.version);
  const changes = blockChanges(live?.blocks ?? [], input.blocks);
  const resource = versionResource({ ...row, blocks: input.blocks, restoredFromVersion: input.restoredFromVersion }, changes, row.version);
  await recordAudit(tx, ctx.actor, {
    merchantId: input.merchant.id,
    action: input.restoredFromVersion === null ? 'decoration.published' : 'decoration.rolled_back',
    subjectType: DECORATION_AUDIT_SUBJECT,
    subjectId: input.merchant.id,
    details: { version: row.version, versionId: row.id, previousVersion: live?.version ?? null, restoredFromVersion: input.restoredFromVersion },
    occurredAt: ctx.now,
  });
  await appendEvent(tx, decorationPublished, {
    merchantId: input.merchant.id,
    installationId: null,
    subjectId: row.id,
    occurredAt: ctx.now,
    payload: {
      versionId: row.id,
      version: row.version,
      previousVersion: live?.version ?? null,
      restoredFromVersion: input.restoredFromVersion,
      locale: row.locale,
      market: row.market,
      blockCount: resource.blockCount,
      productCount: resource.productCount,
      changes: { added: changes.added.length, removed: changes.removed.length, changed: changes.changed.length, reordered: changes.reordered },
      publishedAt: resource.publishedAt,
    },
  });
  return resource;
}

/** A stored version as the API shows it, with what it changed against the version before it. */
export function versionResource(
  v: { id: string; version: number; locale: Locale; market: Market; publishedAt: Date; blocks: DecorationBlock[]; restoredFromVersion: number | null },
  changes: DecorationChanges,
  liveVersion: number,
): DecorationVersionResource {
  return {
    versionId: v.id,
    version: v.version,
    live: v.version === liveVersion,
    locale: v.locale,
    market: v.market,
    publishedAt: v.publishedAt.toISOString(),
    blockCount: v.blocks.length,
    productCount: collectionProductIds(v.blocks).length,
    restoredFromVersion: v.restoredFromVersion,
    changes,
  };
}
