import 'server-only';
import { lockStore } from '../catalog/data';
import type { MerchantRecord } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { publicReadsChanged } from '../core/public-read-cache';
import { readDecorationDraft } from './data';
import { assertRevision, draftContent } from './decoration-draft';
import { type ValidDecorationDraft, validateDecorationDraft } from './publish-decoration';
import { publishVersion } from './publish-version';
import type { DecorationVersionResource } from './schemas';

/**
 * Runs a check of a stored decoration (the saved draft, an earlier version) against the store's
 * rules as they are now: a violation (a product withdrawn, a market no longer sold) is the
 * store's state, not the request's, so it is 409 decoration_not_publishable with the issues,
 * paths within the decoration.
 */
export async function asStoredDecoration<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ServiceError && err.code === 'validation_failed') throw new ServiceError('decoration_not_publishable', { issues: err.issues });
    throw err;
  }
}

/** A stored decoration validated as publishing would (see asStoredDecoration). */
export function validateStoredDecoration(ctx: ServiceContext, merchant: MerchantRecord, draft: unknown): Promise<ValidDecorationDraft> {
  return asStoredDecoration(() => validateDecorationDraft(ctx, { merchant, draft }));
}

/**
 * Publishes the store's saved draft as its next version (the draft is kept, now based on that
 * version). 404 decoration_draft_not_found when none is saved; `expectedRevision` and
 * `expectedVersion` guard against publishing a draft or over a version the caller has not seen
 * (409 decoration_draft_conflict / decoration_version_conflict).
 */
export async function publishDecorationDraft(
  ctx: ServiceContext,
  merchant: MerchantRecord,
  input: { expectedRevision?: number; expectedVersion?: number },
): Promise<DecorationVersionResource> {
  const saved = await readDecorationDraft(ctx.db, merchant.id);
  if (!saved) throw new ServiceError('decoration_draft_not_found');
  assertRevision(saved.revision, input.expectedRevision);
  const valid = await validateStoredDecoration(ctx, merchant, draftContent(saved));
  const published = await ctx.db.$transaction(async (tx) => {
    await lockStore(tx, merchant.id);
    // Saved again since it was validated: what would be published is not what was checked.
    assertRevision((await readDecorationDraft(tx, merchant.id))?.revision ?? 0, saved.revision);
    return publishVersion(ctx, tx, {
      merchant,
      locale: valid.locale,
      market: valid.market,
      blocks: valid.stored,
      restoredFromVersion: null,
      expectedVersion: input.expectedVersion,
      fromDraft: true,
    });
  });
  publicReadsChanged();
  return published;
}
