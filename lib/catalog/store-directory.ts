import type { StoreDirectory } from '../core/stores';
import { readStoresByIds, readStoresBySlugs } from './data';

/** The catalog's stores, for the domains below it that take a StoreDirectory from their caller. */
export const storeDirectory: StoreDirectory = { bySlugs: readStoresBySlugs, byIds: readStoresByIds };
