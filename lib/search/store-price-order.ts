import 'server-only';
import type { PriceOrderPort } from '../catalog/list-public-merchant-products';
import { direct } from '../db/direct';
import { readStorePriceOrder } from './data';

/**
 * The catalog's price-ordered store list, from the search documents, which keep each product's
 * lowest price per market indexed by store: pass it to listPublicMerchantProducts.
 */
export const storePriceOrder: PriceOrderPort = (ctx, query) => readStorePriceOrder(direct(ctx.db), query);
