import 'server-only';
import type { MerchantRecord } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { assertRevision, getDecorationDraft, readCurrentDraft, saveDecorationDraft } from './decoration-draft';
import { loadProductEntries } from './product-entries';
import type { DecorationDraftResource } from './schemas';

/**
 * One change a merchant makes to the draft in the console: put a block (replace the block with
 * its id, or add it at the end), remove one, or move one a place up or down.
 */
export type DraftEdit =
  | { kind: 'put'; block: Record<string, unknown> }
  | { kind: 'remove'; blockId: string }
  | { kind: 'move'; blockId: string; by: -1 | 1 };

export type DraftEditResult = { draft: DecorationDraftResource; index: number };

type LooseBlock = { id?: unknown; type?: unknown; products?: unknown };

function blockIndex(blocks: readonly LooseBlock[], id: string): number {
  const i = blocks.findIndex((b) => b.id === id);
  if (i < 0) throw new ServiceError('validation_failed', { issues: [{ path: 'blockId', code: 'block_not_found', message: 'no block with this id in the draft' }] });
  return i;
}

/**
 * Applies one edit to the store's current draft (the saved one, else a copy of the live version)
 * and saves the result as the next revision, validated by the same rules as the API's save (400
 * validation_failed with issues at `blocks.<index>...`). The edit was made to `expectedRevision`:
 * a draft saved meanwhile is 409 decoration_draft_conflict, never overwritten. A collection's
 * products may be given by id alone: their entries come from the catalog, as publishing does.
 * Answers the saved draft and the index the edited block has in it (-1 once removed).
 */
export async function editDecorationDraft(
  ctx: ServiceContext,
  merchant: MerchantRecord,
  input: { expectedRevision: number; edit: DraftEdit },
): Promise<DraftEditResult> {
  const current = await readCurrentDraft(ctx, merchant);
  assertRevision(current.revision, input.expectedRevision);
  const blocks: LooseBlock[] = [...current.blocks];
  const { edit } = input;
  let index: number;
  if (edit.kind === 'put') {
    const block = await withCatalogEntries(ctx, merchant, edit.block, current);
    const at = typeof block.id === 'string' ? blocks.findIndex((b) => b.id === block.id) : -1;
    index = at < 0 ? blocks.length : at;
    blocks[index] = block;
  } else if (edit.kind === 'remove') {
    blocks.splice(blockIndex(blocks, edit.blockId), 1);
    index = -1;
  } else {
    const from = blockIndex(blocks, edit.blockId);
    index = Math.min(Math.max(from + edit.by, 0), blocks.length - 1);
    // Already first or last: nothing to save.
    if (index === from) return { draft: await getDecorationDraft(ctx, merchant), index };
    const [moved] = blocks.splice(from, 1);
    blocks.splice(index, 0, moved!);
  }
  const draft = await saveDecorationDraft(ctx, merchant, {
    draft: { locale: current.locale, market: current.market, blocks },
    expectedRevision: input.expectedRevision,
  });
  return { draft, index };
}

/** A collection's products named by id get their catalog entries; ids the store does not sell stay bare, for validation to name. */
async function withCatalogEntries(
  ctx: ServiceContext,
  merchant: MerchantRecord,
  block: Record<string, unknown>,
  view: { locale: MerchantRecord['defaultLocale']; market: MerchantRecord['defaultMarket'] },
): Promise<Record<string, unknown>> {
  if (block.type !== 'product_collection' || !Array.isArray(block.products)) return block;
  const refs = block.products as { id?: unknown }[];
  const ids = refs.flatMap((p) => (typeof p?.id === 'string' ? [p.id] : []));
  const catalog = await loadProductEntries(ctx.db, merchant.id, ids, view);
  return { ...block, products: refs.map((p) => (typeof p?.id === 'string' && catalog.get(p.id)) || p) };
}
