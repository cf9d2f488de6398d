-- Every catalog write bumped the one version row from its first write until it committed, so the
-- writes of every store (two products' updates, a create and a price change) ran one at a time
-- however little else they shared (bench/README.md, "Product writes against the framework floor").
-- The version is now the sum of 32 rows: a transaction bumps the row of its transaction id, so
-- two writers meet on a row one time in 32, and one writer's statements all bump the same row.
-- The sum still moves exactly when a change commits, never before.
INSERT INTO "PublicReadVersion" ("id", "version") SELECT g, 0 FROM generate_series(2, 32) AS g ON CONFLICT ("id") DO NOTHING;

CREATE OR REPLACE FUNCTION public_read_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "PublicReadVersion" SET "version" = "version" + 1, "changedAt" = CURRENT_TIMESTAMP WHERE "id" = 1 + txid_current() % 32;
  RETURN NULL;
END $$;
