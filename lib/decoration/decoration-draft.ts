import 'server-only';
import { recordAudit } from '../audit/record-audit';
import { lockStore } from '../catalog/data';
import type { MerchantRecord } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { withMediaUrls } from '../core/media-urls';
import type { Locale, Market } from '../schemas/common';
import { blockChanges, hasChanges } from './block-changes';
import { type PublishedDecoration, type StoredDraft, readDecorationDraft, readLatestDecorationVersion, readLiveDecoration, writeDecorationDraft } from './data';
import { DECORATION_AUDIT_SUBJECT } from './events';
import { decorationIssues, validateDecorationDraft } from './publish-decoration';
import type { DecorationBlock, DecorationDraftResource } from './schemas';

/** What the store's draft is now: the saved one, else a copy of the live version, else nothing. */
export type CurrentDraft = {
  source: DecorationDraftResource['source'];
  revision: number;
  basedOnVersion: number | null;
  locale: Locale;
  market: Market;
  /** Stored form: own media root-relative. */
  blocks: DecorationBlock[];
  updatedAt: Date | null;
  live: PublishedDecoration | undefined;
};

export async function readCurrentDraft(ctx: ServiceContext, merchant: MerchantRecord): Promise<CurrentDraft> {
  const saved: StoredDraft | undefined = await readDecorationDraft(ctx.db, merchant.id);
  const live = await readLiveDecoration(ctx.db, merchant.id);
  if (saved) return { source: 'draft', ...saved, live };
  if (live) {
    return { source: 'live', revision: 0, basedOnVersion: live.version, locale: live.locale, market: live.market, blocks: live.blocks, updatedAt: null, live };
  }
  return { source: 'empty', revision: 0, basedOnVersion: null, locale: merchant.defaultLocale, market: merchant.defaultMarket, blocks: [], updatedAt: null, live };
}

/** The draft as `{locale, market, blocks}`: what validation and previews take. */
export function draftContent(draft: Pick<CurrentDraft, 'locale' | 'market' | 'blocks'>) {
  return { locale: draft.locale, market: draft.market, blocks: draft.blocks };
}

/** 409 decoration_draft_conflict unless the draft is at the revision the caller expects (when it says). */
export function assertRevision(current: number, expected: number | undefined): void {
  if (expected !== undefined && expected !== current) {
    throw new ServiceError('decoration_draft_conflict', { details: { revision: current, expectedRevision: expected } });
  }
}

/**
 * The store's decoration draft with what publishing it would change and what stands in the way
 * of publishing it now. Media URLs as the context serves them.
 */
export async function getDecorationDraft(ctx: ServiceContext, merchant: MerchantRecord): Promise<DecorationDraftResource> {
  const draft = await readCurrentDraft(ctx, merchant);
  const changes = blockChanges(draft.live?.blocks ?? [], draft.blocks);
  return {
    revision: draft.revision,
    source: draft.source,
    basedOnVersion: draft.basedOnVersion,
    liveVersion: draft.live?.version ?? null,
    updatedAt: draft.updatedAt?.toISOString() ?? null,
    locale: draft.locale,
    market: draft.market,
    blocks: withMediaUrls(ctx, draft.blocks),
    unpublishedChanges: hasChanges(changes, draft.live ?? null, draft),
    changes,
    issues: await decorationIssues(ctx, merchant, draftContent(draft)),
  };
}

/**
 * Saves the store's draft as its next revision, once it passes every rule publishing checks (400
 * validation_failed listing each violation otherwise). With `expectedRevision`, a draft saved
 * meanwhile by someone else is 409 decoration_draft_conflict, not overwritten.
 */
export async function saveDecorationDraft(
  ctx: ServiceContext,
  merchant: MerchantRecord,
  input: { draft: unknown; expectedRevision?: number },
): Promise<DecorationDraftResource> {
  const valid = await validateDecorationDraft(ctx, { merchant, draft: input.draft });
  await ctx.db.$transaction(async (tx) => {
    await lockStore(tx, merchant.id);
    const saved = await readDecorationDraft(tx, merchant.id);
    assertRevision(saved?.revision ?? 0, input.expectedRevision);
    const basedOnVersion = saved ? saved.basedOnVersion : (await readLatestDecorationVersion(tx, merchant.id)) || null;
    const revision = (saved?.revision ?? 0) + 1;
    await writeDecorationDraft(tx, {
      merchantId: merchant.id,
      revision,
      basedOnVersion,
      locale: valid.locale,
      market: valid.market,
      blocks: valid.stored,
      updatedAt: ctx.now,
    });
    await recordAudit(tx, ctx.actor, {
      merchantId: merchant.id,
      action: 'decoration.draft_saved',
      subjectType: DECORATION_AUDIT_SUBJECT,
      subjectId: merchant.id,
      details: { revision, blockCount: valid.blocks.length },
      occurredAt: ctx.now,
    });
  });
  return getDecorationDraft(ctx, merchant);
}
