-- Writing search documents cost a CSV import of 10,000 products 31 of its 38 seconds, growing with
-- every batch (bench/README.md, `npm run bench:catalog-import`). Two causes, both in how PostgreSQL
-- planned the statements of these functions, not in the work itself:
--
-- * Each function's statements are planned once per connection and the plan kept (PL/pgSQL). A plan
--   made while the catalog tables were small, or not yet analyzed (a fresh import, a new store), read
--   each product's prices by scanning all of "SkuPrice" in a hash join; kept as the table grew, every
--   product of every later batch scanned the whole table again, so an import's batches slowed from
--   0.2 to 3 s. These functions only ever look up the products they are given, by key: an index
--   lookup per product is the right plan at every size, so sequential scans are off inside them.
-- * The batch statements' estimated cost (the document functions and search_words are costed as
--   1,000 rows each) passed jit_above_cost, and each execution compiled its expressions with LLVM
--   first: 200-600 ms per statement, for statements that then ran in 30-100 ms. JIT is off inside
--   them (PGlite has no JIT: the setting is accepted and changes nothing there).
--
-- The triggers that call these (catalog writes of one product or many) keep their transaction: a
-- product is searchable when its write commits, as before.
ALTER FUNCTION search_index_products(uuid[]) SET jit = off;
ALTER FUNCTION search_index_products(uuid[]) SET enable_seqscan = off;
ALTER FUNCTION search_reprice_products(uuid[]) SET jit = off;
ALTER FUNCTION search_reprice_products(uuid[]) SET enable_seqscan = off;
