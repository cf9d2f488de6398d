import { z } from 'zod';
import { PriceRange } from '../catalog/schemas';
import { SEARCH_SAMPLE_MIN } from './sample';
import { Currency, ListMeta, Locale, Market, PAGE_MAX, PAGE_SIZE_MAX, Slug } from '../schemas/common';

export const SEARCH_QUERY_MAX = 100;
/** Facet lists carry the values with the most results, at most this many. */
export const FACET_MAX = 50;

export const searchSorts = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export const SearchSort = z.enum(searchSorts).meta({
  id: 'SearchSort',
  description:
    '`relevance`: whole words in the title first, then whole words anywhere, then word beginnings and typo corrections, ' +
    'title before description; `newest`: newest listing first; `price_asc` / `price_desc`: by the lowest SKU price in the market currency. ' +
    'Ties are broken by newest listing, then id, so pages never overlap.',
});
export type SearchSort = z.infer<typeof SearchSort>;

/** A required query parameter holding a whole number within bounds. */
function requiredInt(min: number, max: number, description: string) {
  return z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.int().min(min).max(max))
    .meta({ description, override: { type: 'integer', minimum: min, maximum: max } });
}

export const SearchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(SEARCH_QUERY_MAX)
    .meta({
      description: `What the shopper typed: 1 to ${SEARCH_QUERY_MAX} characters after trimming. English, Chinese or both; Chinese needs no spaces.`,
      example: '蓝牙耳机',
    }),
  locale: Locale.meta({ description: 'Locale of the titles and image texts in the results.' }),
  market: Market.meta({ description: 'Only products sold in this market, priced in its currency (CN: CNY, US: USD).' }),
  sort: SearchSort,
  page: requiredInt(1, PAGE_MAX, `Page number, 1 to ${PAGE_MAX}.`),
  pageSize: requiredInt(1, PAGE_SIZE_MAX, `Results per page, 1 to ${PAGE_SIZE_MAX}.`),
  category: Slug.optional().meta({ description: 'Category slug; its descendant categories are included.', example: 'audio' }),
  merchant: Slug.optional().meta({
    description:
      'Store slug. A protected store needs its store access token (401 `store_access_required` otherwise); a store that does not sell in `market` is 400 `validation_failed` with `details.markets`.',
    example: 'lumen-audio',
  }),
});
export type SearchQuery = z.output<typeof SearchQuery>;

export const SearchHit = z
  .strictObject({
    id: z.uuid(),
    slug: z.string(),
    title: z.string().meta({ description: 'In the requested locale (the other locale when that one is empty).' }),
    kind: z.enum(['physical', 'digital']),
    merchant: z.strictObject({ slug: z.string(), displayName: z.string() }),
    category: z.string().nullable().meta({ description: 'Category slug.' }),
    image: z
      .strictObject({
        url: z.string().meta({ description: 'Absolute URI.' }),
        thumbnailUrl: z.string().nullable().meta({ description: 'Absolute URI, or null.' }),
        alt: z.string().meta({ description: 'In the requested locale.' }),
        width: z.int().positive().nullable(),
        height: z.int().positive().nullable(),
      })
      .nullable()
      .meta({ description: 'The first image of the product.' }),
    price: PriceRange,
    available: z.boolean().meta({ description: 'At least one SKU priced in the market currency is in stock.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicProductSearchHit' });
export type SearchHit = z.infer<typeof SearchHit>;

const FacetCount = z.int().min(1);

export const SearchMeta = ListMeta.extend({
  totalIsApproximate: z.boolean().meta({
    description:
      `False when \`total\` and the facet counts are exact. A query matching ${SEARCH_SAMPLE_MIN.toLocaleString('en-US')} products or more ` +
      '(for `newest` and the price orders, only when the matches are also common enough to page by walking those orders) ' +
      'is answered from a sample of the catalog (by product id: a 16th, an 8th, a quarter or a half, the smallest holding that many matches): ' +
      '`total` and the counts are then the sample\'s scaled to the whole catalog, `relevance` ranks within the sample, ' +
      '`newest` and the price orders stay exact, and `totalPages` stops where the sample ends (at least ' +
      `${SEARCH_SAMPLE_MIN.toLocaleString('en-US')} results can be paged).`,
  }),
  sort: SearchSort,
  query: z.string().meta({ description: 'The query as searched (trimmed).' }),
  locale: Locale,
  market: Market,
  currency: Currency,
  corrections: z
    .array(z.strictObject({ word: z.string(), suggestions: z.array(z.string()).min(1) }))
    .meta({
      description:
        'English words found in no product, with the similar words that were searched as well (their matches rank after exact ones).',
    }),
  facets: z
    .strictObject({
      categories: z.array(z.strictObject({ slug: z.string(), name: z.string(), count: FacetCount })),
      merchants: z.array(z.strictObject({ slug: z.string(), displayName: z.string(), count: FacetCount })),
    })
    .meta({
      description:
        `Counts over the whole result with every filter applied (scaled from a sample when \`totalIsApproximate\`), largest first, at most ${FACET_MAX} values each. ` +
        'A category counts the products filed directly under it, so the category counts add up to `total` ' +
        '(less products without a category), and the merchant counts add up to `total`, whenever a facet has no more values than that.',
    }),
}).meta({
  id: 'PublicProductSearchMeta',
  description: `Pagination, the applied query, and facets. Pages after ${PAGE_MAX} cannot be requested, so \`hasNextPage\` is false on page ${PAGE_MAX}.`,
});
export type SearchMeta = z.infer<typeof SearchMeta>;
