import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isRootRelative, mapUrlFields } from '../core/media-urls';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { Locale, Market } from '../schemas/common';
import { DecorationBlock } from './schemas';

/** The decoration's queries: published versions, the draft and previews, every row parsed. */

type Tx = Db | Prisma.TransactionClient;

/**
 * Where a root-relative media URL stands while stored blocks are parsed. The stored form is the
 * served one with this deployment's media root-relative ("/media/..."), and DecorationBlock asks
 * for absolute URIs: such URLs are prefixed with this origin for the parse and the prefix taken
 * off again, character for character (`.invalid` names no real host).
 */
const STORED_ORIGIN = 'https://stored.invalid';

/** Decoration blocks as stored: checked against the one schema the API serves, not cast. */
export const StoredDecorationBlocks = z
  .unknown()
  .transform((blocks) => mapUrlFields(blocks, (u) => (isRootRelative(u) ? `${STORED_ORIGIN}${u}` : u)))
  .pipe(z.array(DecorationBlock))
  .transform((blocks) => mapUrlFields(blocks, (u) => (u.startsWith(`${STORED_ORIGIN}/`) ? u.slice(STORED_ORIGIN.length) : u)));

const PublishedDecoration = z.object({ id: z.string(), version: z.number(), locale: Locale, market: Market, blocks: StoredDecorationBlocks });
export type PublishedDecoration = z.output<typeof PublishedDecoration>;

/** The store's live decoration: its highest version, or undefined when it never published one. */
export async function readLiveDecoration(db: Tx, merchantId: string): Promise<PublishedDecoration | undefined> {
  const row = await db.storefrontDecorationVersion.findFirst({
    where: { merchantId },
    orderBy: { version: 'desc' },
    select: { id: true, version: true, locale: true, market: true, blocks: true },
  });
  return row ? PublishedDecoration.parse(row) : undefined;
}

const versionColumns = { id: true, version: true, locale: true, market: true, blocks: true, publishedAt: true, restoredFromVersion: true } as const;

const StoredDecorationVersion = z.object({
  id: z.string(),
  version: z.number(),
  locale: Locale,
  market: Market,
  blocks: StoredDecorationBlocks,
  publishedAt: z.date(),
  restoredFromVersion: z.number().nullable(),
});
export type StoredDecorationVersion = z.output<typeof StoredDecorationVersion>;

/** One version of the store, by its versionId or its number; undefined when the store has none such. */
export async function readDecorationVersion(
  db: Tx,
  merchantId: string,
  which: { versionId: string } | { version: number },
): Promise<StoredDecorationVersion | undefined> {
  const row = await db.storefrontDecorationVersion.findFirst({
    where: { merchantId, ...('versionId' in which ? { id: which.versionId } : { version: which.version }) },
    select: versionColumns,
  });
  return row ? StoredDecorationVersion.parse(row) : undefined;
}

/**
 * A page of the store's versions, newest first, each with the blocks of the version before it
 * (to say what it changed), and how many versions there are.
 */
export async function readDecorationVersionPage(
  db: Tx,
  merchantId: string,
  page: { skip: number; take: number },
): Promise<{ total: number; versions: StoredDecorationVersion[]; previous: Map<number, StoredDecorationVersion> }> {
  const [total, rows] = await Promise.all([
    db.storefrontDecorationVersion.count({ where: { merchantId } }),
    db.storefrontDecorationVersion.findMany({ where: { merchantId }, orderBy: { version: 'desc' }, skip: page.skip, take: page.take, select: versionColumns }),
  ]);
  const versions = rows.map((r) => StoredDecorationVersion.parse(r));
  const oldest = versions.at(-1)?.version;
  const before = oldest && oldest > 1
    ? await db.storefrontDecorationVersion.findFirst({ where: { merchantId, version: oldest - 1 }, select: versionColumns })
    : null;
  const all = before ? [...versions, StoredDecorationVersion.parse(before)] : versions;
  return { total, versions, previous: new Map(all.map((v) => [v.version, v])) };
}

/** The number of the store's latest published version; 0 before the first. */
export async function readLatestDecorationVersion(tx: Tx, merchantId: string): Promise<number> {
  const last = await tx.storefrontDecorationVersion.findFirst({ where: { merchantId }, orderBy: { version: 'desc' }, select: { version: true } });
  return last?.version ?? 0;
}

const DecorationVersionSummary = z.object({ id: z.string(), version: z.number(), locale: Locale, market: Market, publishedAt: z.date() });
export type DecorationVersionSummary = z.output<typeof DecorationVersionSummary>;

export type NewDecorationVersion = Omit<DecorationVersionSummary, 'id'> & {
  merchantId: string;
  blocks: DecorationBlock[];
  restoredFromVersion: number | null;
};

/** Adds a published version (rows are never updated: a trigger refuses it). */
export async function insertDecorationVersion(tx: Tx, version: NewDecorationVersion): Promise<DecorationVersionSummary> {
  const row = await tx.storefrontDecorationVersion.create({
    data: { id: randomUUID(), ...version },
    select: { id: true, version: true, locale: true, market: true, publishedAt: true },
  });
  return DecorationVersionSummary.parse(row);
}

export type NewDecorationPreview = { id: string; merchantId: string; locale: Locale; market: Market; blocks: DecorationBlock[]; expiresAt: Date };

/** Removes the store's previews that expired by `now`. */
export async function deleteExpiredPreviews(tx: Tx, merchantId: string, now: Date): Promise<void> {
  await tx.decorationPreview.deleteMany({ where: { merchantId, expiresAt: { lte: now } } });
}

/** Keeps a draft for previewing until it expires. */
export async function insertPreview(tx: Tx, preview: NewDecorationPreview): Promise<void> {
  await tx.decorationPreview.create({ data: preview });
}

const LivePreview = z.object({ locale: Locale, market: Market, blocks: StoredDecorationBlocks, expiresAt: z.date() });
export type LivePreview = z.output<typeof LivePreview>;

/** The store's preview with this id, unless it expired by `now`. */
export async function readLivePreview(db: Tx, merchantId: string, previewId: string, now: Date): Promise<LivePreview | undefined> {
  const row = await db.decorationPreview.findFirst({
    where: { id: previewId, merchantId, expiresAt: { gt: now } },
    select: { locale: true, market: true, blocks: true, expiresAt: true },
  });
  return row ? LivePreview.parse(row) : undefined;
}

const StoredDraft = z.object({
  revision: z.number(),
  basedOnVersion: z.number().nullable(),
  locale: Locale,
  market: Market,
  blocks: StoredDecorationBlocks,
  updatedAt: z.date(),
});
export type StoredDraft = z.output<typeof StoredDraft>;

/** The store's saved draft, or undefined when none was saved. */
export async function readDecorationDraft(db: Tx, merchantId: string): Promise<StoredDraft | undefined> {
  const row = await db.storefrontDecorationDraft.findUnique({
    where: { merchantId },
    select: { revision: true, basedOnVersion: true, locale: true, market: true, blocks: true, updatedAt: true },
  });
  return row ? StoredDraft.parse(row) : undefined;
}

export type DraftWrite = { merchantId: string; revision: number; basedOnVersion: number | null; locale: Locale; market: Market; blocks: DecorationBlock[]; updatedAt: Date };

/** Saves the store's draft as `revision` (the caller holds the store's lock and checked the one before). */
export async function writeDecorationDraft(tx: Tx, draft: DraftWrite): Promise<void> {
  const { merchantId, ...fields } = draft;
  await tx.storefrontDecorationDraft.upsert({ where: { merchantId }, create: { merchantId, ...fields }, update: fields });
}

/** Records that the draft is now what `version` published (its content and revision unchanged). */
export async function markDraftPublished(tx: Tx, merchantId: string, version: number): Promise<void> {
  await tx.storefrontDecorationDraft.updateMany({ where: { merchantId }, data: { basedOnVersion: version } });
}
