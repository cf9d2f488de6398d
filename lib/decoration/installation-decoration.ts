import 'server-only';
import { type MerchantRecord, getMerchantByIdOrThrow } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { publicBaseUrl, withMediaUrls } from '../core/media-urls';
import { assertRevision, draftContent, getDecorationDraft, readCurrentDraft, saveDecorationDraft } from './decoration-draft';
import { getDecorationVersion, listDecorationVersions } from './decoration-versions';
import { createDecorationPreview } from './preview-decoration';
import { collectionProductIds } from './product-entries';
import { validateDecorationDraft } from './publish-decoration';
import { asStoredDecoration, publishDecorationDraft } from './publish-decoration-draft';
import { rollbackDecoration } from './rollback-decoration';
import type {
  DecorationDraft,
  DecorationDraftResource,
  DecorationDraftSaveRequest,
  DecorationDraftValidation,
  DecorationPreviewLinkResource,
  DecorationPreviewRequest,
  DecorationPublishRequest,
  DecorationRollbackRequest,
  DecorationVersionDetail,
  DecorationVersionListQuery,
  DecorationVersionResource,
} from './schemas';

/*
 * The decoration extension operations: an installation acts on its own store's decoration (the
 * store it is installed on; there is no store in the path to name another).
 */

async function ownStore(ctx: ServiceContext): Promise<MerchantRecord> {
  if (!ctx.principal) throw new ServiceError('authentication_required');
  return getMerchantByIdOrThrow(ctx.db, ctx.principal.merchantId);
}

/** The request body was the draft: the store's rules are broken at `body.<path>`, as the schema's are. */
async function underBody<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ServiceError && err.code === 'validation_failed' && err.issues) {
      throw new ServiceError('validation_failed', { issues: err.issues.map((i) => ({ ...i, path: i.path ? `body.${i.path}` : 'body' })) });
    }
    throw err;
  }
}

export async function getInstallationDecorationDraft(ctx: ServiceContext): Promise<DecorationDraftResource> {
  return getDecorationDraft(ctx, await ownStore(ctx));
}

export async function saveInstallationDecorationDraft(ctx: ServiceContext, body: DecorationDraftSaveRequest): Promise<DecorationDraftResource> {
  const { expectedRevision, ...draft } = body;
  const merchant = await ownStore(ctx);
  return underBody(() => saveDecorationDraft(ctx, merchant, { draft, expectedRevision }));
}

export async function validateInstallationDecorationDraft(ctx: ServiceContext, body: DecorationDraft): Promise<DecorationDraftValidation> {
  const merchant = await ownStore(ctx);
  const valid = await underBody(() => validateDecorationDraft(ctx, { merchant, draft: body }));
  return {
    valid: true,
    blockCount: valid.blocks.length,
    productCount: collectionProductIds(valid.blocks).length,
    locale: valid.locale,
    market: valid.market,
    blocks: withMediaUrls(ctx, valid.stored),
  };
}

export async function previewInstallationDecorationDraft(ctx: ServiceContext, body: DecorationPreviewRequest): Promise<DecorationPreviewLinkResource> {
  const merchant = await ownStore(ctx);
  const draft = await readCurrentDraft(ctx, merchant);
  assertRevision(draft.revision, body.expectedRevision);
  const link = await asStoredDecoration(() => createDecorationPreview(ctx, { merchant, draft: draftContent(draft), ttlSeconds: body.expiresInSeconds }));
  return {
    // The link leaves the app (an app shows it to its merchant): absolute, from PUBLIC_BASE_URL.
    url: new URL(link.path, publicBaseUrl()).href,
    expiresAt: link.expiresAt,
    revision: draft.revision,
    blockCount: link.blocks,
    productCount: link.products,
  };
}

export async function publishInstallationDecorationDraft(ctx: ServiceContext, body: DecorationPublishRequest): Promise<DecorationVersionResource> {
  return publishDecorationDraft(ctx, await ownStore(ctx), body);
}

export async function listInstallationDecorationVersions(ctx: ServiceContext, query: DecorationVersionListQuery) {
  return listDecorationVersions(ctx, await ownStore(ctx), query);
}

export async function getInstallationDecorationVersion(ctx: ServiceContext, version: string): Promise<DecorationVersionDetail> {
  return getDecorationVersion(ctx, await ownStore(ctx), version);
}

export async function rollbackInstallationDecoration(ctx: ServiceContext, version: string, body: DecorationRollbackRequest): Promise<DecorationVersionResource> {
  return rollbackDecoration(ctx, await ownStore(ctx), { version, expectedVersion: body.expectedVersion });
}
