import { sectionHref } from '@/components/merchant/sections';
import type { DecorationText } from './text';

/** A studio page's address: the studio (or its history) with a query and a block to scroll to. */
export function studioHref(storeSlug: string, opts: { page?: 'history'; query?: Record<string, string>; block?: string } = {}): string {
  const path = sectionHref(storeSlug, opts.page ? `decoration/${opts.page}` : 'decoration');
  const query = opts.query && Object.keys(opts.query).length ? `?${new URLSearchParams(opts.query)}` : '';
  return `${path}${query}${opts.block ? `#block-${opts.block}` : ''}`;
}

/** Where an issue of the draft is, as the merchant reads it: "3. Image banner", or the draft itself. */
export function issuePlace(path: string, blocks: readonly { type: string }[], t: DecorationText): string {
  const m = /^blocks\.([0-9]+)/.exec(path);
  const block = m ? blocks[Number(m[1])] : undefined;
  if (!m) return t.title;
  const kind = block ? (t.kinds as Record<string, string>)[block.type] ?? block.type : '';
  return t.blockNumber(Number(m[1]) + 1, kind).trim();
}
