import 'server-only';
import { z } from 'zod';
import { type MerchantRecord, getMerchantOrThrow } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError, type ErrorIssue } from '../core/errors';
import { toIssues } from '../core/issues';
import { publicReadsChanged } from '../core/public-read-cache';
import type { Locale, Market } from '../schemas/common';
import { absoluteUrl, mapUrlFields, publicBaseUrl, storedUrl } from '../core/media-urls';
import { loadProductEntries } from './product-entries';
import { publishVersion } from './publish-version';
import { DecorationBlock, DecorationDraft as DraftSchema, DecorationProductEntry } from './schemas';

export type PublishDecorationInput = {
  slug: string;
  /** The authored decoration (parsed JSON, not yet validated). */
  draft: unknown;
};

export type PublishedDecorationVersion = {
  versionId: string;
  version: number;
  locale: Locale;
  market: Market;
  blocks: number;
  products: number;
  publishedAt: string;
};

/** A draft that passed every rule, ready to store: blocks with defaults and catalog entries applied. */
export type ValidDecorationDraft = {
  merchant: MerchantRecord;
  locale: Locale;
  market: Market;
  blocks: DecorationBlock[];
  /** The blocks as stored: this deployment's media URLs root-relative. */
  stored: DecorationBlock[];
};

/**
 * Checks an authored decoration against the same schema the API serves, plus the rules only the
 * store can tell (its markets, its catalog, unique block ids), and refuses with 400
 * validation_failed listing every violation. Root-relative media URLs ("/media/...") are
 * accepted as this deployment's assets. Saving a draft, previewing and publishing all start here.
 */
export async function validateDecorationDraft(
  ctx: ServiceContext,
  input: { merchant: MerchantRecord; draft: unknown },
): Promise<ValidDecorationDraft> {
  const { merchant } = input;
  const base = publicBaseUrl();
  const candidate = mapUrlFields(input.draft, (u) => absoluteUrl(u, base));
  const parsed = DraftSchema.safeParse(candidate);
  const draft = parsed.success ? parsed.data : null;
  const refs = productRefs(input.draft);
  const catalog = await loadProductEntries(
    ctx.db,
    merchant.id,
    refs.map((r) => r.id),
    draft ?? { locale: merchant.defaultLocale, market: merchant.defaultMarket },
  );
  const issues: ErrorIssue[] = [
    ...(parsed.success ? [] : [...toIssues(parsed.error, ''), ...oversizedItemIssues(parsed.error, candidate)]),
    ...storeIssues(merchant, input.draft),
    ...catalogIssues(refs, catalog),
  ];
  if (!draft || issues.length) throw new ServiceError('validation_failed', { issues });
  // The stored record shows product entries as the catalog had them when this was validated.
  const blocks: DecorationBlock[] = draft.blocks.map((b) =>
    b.type === 'product_collection' ? { ...b, products: b.products.map((p) => catalog.get(p.id)!) } : b,
  );
  return { merchant, locale: draft.locale, market: draft.market, blocks, stored: mapUrlFields(blocks, (u) => storedUrl(u, base)) };
}

/**
 * The violations a decoration has now (none: it can be published), for a draft or version that
 * was valid when stored and may have gone stale since (a product withdrawn, a market dropped).
 */
export async function decorationIssues(ctx: ServiceContext, merchant: MerchantRecord, draft: unknown): Promise<ErrorIssue[]> {
  try {
    await validateDecorationDraft(ctx, { merchant, draft });
    return [];
  } catch (err) {
    if (err instanceof ServiceError && err.code === 'validation_failed') return err.issues ?? [];
    throw err;
  }
}

/**
 * Publishes an authored decoration (the operator's file) as a new immutable version
 * (`version` + 1, a new `versionId`), once `validateDecorationDraft` accepts it. The store's
 * saved draft, if any, is left as it is.
 */
export async function publishDecoration(
  ctx: ServiceContext,
  input: PublishDecorationInput,
): Promise<PublishedDecorationVersion> {
  const valid = await validateDecorationDraft(ctx, { merchant: await getMerchantOrThrow(ctx.db, input.slug), draft: input.draft });
  const published = await ctx.db.$transaction((tx) =>
    publishVersion(ctx, tx, { merchant: valid.merchant, locale: valid.locale, market: valid.market, blocks: valid.stored, restoredFromVersion: null }),
  );
  publicReadsChanged();
  return {
    versionId: published.versionId,
    version: published.version,
    locale: valid.locale,
    market: valid.market,
    blocks: published.blockCount,
    products: published.productCount,
    publishedAt: published.publishedAt,
  };
}

const Uuid = z.uuid();

/** The element schema of each array a draft holds, by the array's field name. */
const elementSchemas: Record<string, z.ZodType> = { blocks: DecorationBlock, products: DecorationProductEntry };

/**
 * zod refuses an oversized array without looking at its elements (so a huge payload costs
 * nothing). A merchant fixing a draft wants every violation at once, so the elements of an
 * array that is too long are validated too, one by one.
 */
function oversizedItemIssues(error: z.ZodError, draft: unknown): ErrorIssue[] {
  return error.issues.flatMap((issue) => {
    const field = issue.path.at(-1);
    if (issue.code !== 'too_big' || issue.origin !== 'array' || typeof field !== 'string' || !elementSchemas[field]) return [];
    const items = issue.path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown> | undefined)?.[k], draft);
    if (!Array.isArray(items)) return [];
    return items.flatMap((item, i) => {
      const r = elementSchemas[field]!.safeParse(item);
      if (r.success) return [];
      const prefix = [...issue.path, i].join('.');
      return [...toIssues(r.error, prefix), ...oversizedItemIssues(r.error, item).map((x) => ({ ...x, path: `${prefix}.${x.path}` }))];
    });
  });
}

type LooseDraft = { market?: unknown; blocks?: unknown };
type LooseBlock = { id?: unknown };

/** Rules about the store, checked on the raw draft so they are listed with the schema's. */
function storeIssues(merchant: MerchantRecord, draft: unknown): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const d = (draft ?? {}) as LooseDraft;
  if (typeof d.market === 'string' && !merchant.markets.some((m) => m === d.market)) {
    issues.push({
      path: 'market',
      code: 'market_not_sold',
      message: `the store sells in ${merchant.markets.join(', ')} only`,
    });
  }
  const seen = new Map<string, number>();
  (Array.isArray(d.blocks) ? (d.blocks as LooseBlock[]) : []).forEach((b, i) => {
    if (typeof b?.id !== 'string') return;
    const first = seen.get(b.id);
    if (first === undefined) seen.set(b.id, i);
    else issues.push({ path: `blocks.${i}.id`, code: 'duplicate_id', message: `same id as blocks.${first}` });
  });
  return issues;
}

type ProductRef = { path: string; block: number; id: string };

/** The product ids the draft names, wherever they are well-formed, even when the rest is not. */
function productRefs(draft: unknown): ProductRef[] {
  const blocks = (draft as LooseDraft | null)?.blocks;
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((b: { type?: unknown; products?: unknown }, i) =>
    b?.type === 'product_collection' && Array.isArray(b.products)
      ? (b.products as { id?: unknown }[]).flatMap((p, j) =>
          typeof p?.id === 'string' && Uuid.safeParse(p.id).success
            ? [{ path: `blocks.${i}.products.${j}.id`, block: i, id: p.id }]
            : [],
        )
      : [],
  );
}

/** Every product a collection names must be an active product of this store, once per collection. */
function catalogIssues(refs: ProductRef[], catalog: Map<string, unknown>): ErrorIssue[] {
  const seen = new Set<string>();
  return refs.flatMap(({ path, block, id }) => {
    const key = `${block}:${id}`;
    if (seen.has(key)) return [{ path, code: 'duplicate_product', message: 'listed twice in this collection' }];
    seen.add(key);
    return catalog.has(id) ? [] : [{ path, code: 'product_not_found', message: 'not an active product of this store' }];
  });
}
