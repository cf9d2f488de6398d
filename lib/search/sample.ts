/**
 * A query matching at least this many sellable products is answered from a sample of them
 * (migration search_sample_levels): the smallest of 1/16, 2/16, 4/16, 8/16 of the catalog, by
 * product id, that holds this many matches. The total, the facet and price band counts are then
 * the sample's scaled to the whole, and relevance ranks within the sample. Newest and price orders
 * stay exact (an index walk to the page) and sample only when the matches are common enough for that
 * walk to cost less than reading every match (readSearchResult, WALK_COST_RATIO).
 * A page is never asked beyond the sample: at least this many results can be paged.
 */
export const SEARCH_SAMPLE_MIN = 1000;
