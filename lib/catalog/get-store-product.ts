import 'server-only';
import type { ServiceContext } from '../core/context';
import type { MerchantProduct } from './admin-schemas';
import { merchantProductView, readStoreProductOrThrow } from './product-admin';

/** One product of the store, whatever its status, with variants, exact stock and former handles; another store's is 404. */
export async function getStoreProduct(ctx: ServiceContext, input: { merchantId: string; productId: string }): Promise<MerchantProduct> {
  return merchantProductView(ctx, await readStoreProductOrThrow(ctx, input.merchantId, input.productId));
}
