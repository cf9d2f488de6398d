import { cache } from 'react';
import { type StoreListing, listStores } from '../catalog/list-stores';
import { plainHexColor } from './accent';
import { storefrontContext } from './page-context';

/** How many stores the home page and the site 404 list: a front door, not a directory. */
export const LISTED_STORES = 24;

/**
 * The stores the home page and the site 404 show, from the database, once per request: a
 * deployment shows its own stores, the demo seed's only where it ran, and none when it has none.
 */
export const loadListedStores = cache(async (): Promise<{ total: number; stores: StoreListing[] }> => {
  const { total, stores } = await listStores(await storefrontContext(), { limit: LISTED_STORES });
  return { total, stores: stores.map((s) => ({ ...s, accentColor: plainHexColor(s.accentColor) })) };
});
