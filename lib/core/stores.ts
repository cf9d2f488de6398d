import type { SqlClient } from '../db/rows';

/** A store as the domains that only name stores see it: who it is, its default market (its times' zone) and whether shoppers must unlock it. */
export type StoreRef = { id: string; slug: string; displayName: string; defaultMarket: 'CN' | 'US'; accessMode: 'open' | 'protected' };

/**
 * The stores, for the domains below the catalog (credentials, oauth, merchant-users) that name
 * them. The catalog owns them and sits above those domains, so they never ask it directly: the
 * caller passes the catalog's directory in (lib/catalog/store-directory.ts). Both lists come in
 * slug order and leave out what does not exist.
 */
export type StoreDirectory = {
  bySlugs(db: SqlClient, slugs: readonly string[]): Promise<StoreRef[]>;
  byIds(db: SqlClient, ids: readonly string[]): Promise<StoreRef[]>;
};
