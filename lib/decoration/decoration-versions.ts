import 'server-only';
import type { MerchantRecord } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { withMediaUrls } from '../core/media-urls';
import { type ListMeta, listMeta } from '../schemas/common';
import { blockChanges } from './block-changes';
import { type StoredDecorationVersion, readDecorationVersion, readDecorationVersionPage, readLatestDecorationVersion } from './data';
import { versionResource } from './publish-version';
import type { DecorationVersionDetail, DecorationVersionListQuery, DecorationVersionResource } from './schemas';

/** The store's published versions, newest (live) first, a page at a time, each with what it changed. */
export async function listDecorationVersions(
  ctx: ServiceContext,
  merchant: MerchantRecord,
  query: DecorationVersionListQuery,
): Promise<{ data: DecorationVersionResource[]; meta: ListMeta }> {
  const { total, versions, previous } = await readDecorationVersionPage(ctx.db, merchant.id, {
    skip: (query.page - 1) * query.pageSize,
    take: query.pageSize,
  });
  const liveVersion = query.page === 1 && versions[0] ? versions[0].version : await readLatestDecorationVersion(ctx.db, merchant.id);
  return {
    data: versions.map((v) => versionResource(v, blockChanges(previous.get(v.version - 1)?.blocks ?? [], v.blocks), liveVersion)),
    meta: listMeta(query.page, query.pageSize, total),
  };
}

/** "3" or a versionId: which version a path names. */
export function versionSelector(version: string): { version: number } | { versionId: string } {
  return /^[0-9]+$/.test(version) ? { version: Number(version) } : { versionId: version };
}

/** One of the store's versions, or 404 decoration_version_not_found (another store's versions included). */
export async function getStoredVersionOrThrow(ctx: ServiceContext, merchant: MerchantRecord, version: string): Promise<StoredDecorationVersion> {
  const found = await readDecorationVersion(ctx.db, merchant.id, versionSelector(version));
  if (!found) throw new ServiceError('decoration_version_not_found');
  return found;
}

/** One published version with its blocks as published (media URLs as the context serves them). */
export async function getDecorationVersion(ctx: ServiceContext, merchant: MerchantRecord, version: string): Promise<DecorationVersionDetail> {
  const v = await getStoredVersionOrThrow(ctx, merchant, version);
  const before = v.version > 1 ? await readDecorationVersion(ctx.db, merchant.id, { version: v.version - 1 }) : undefined;
  const liveVersion = await readLatestDecorationVersion(ctx.db, merchant.id);
  return { ...versionResource(v, blockChanges(before?.blocks ?? [], v.blocks), liveVersion), blocks: withMediaUrls(ctx, v.blocks) };
}
