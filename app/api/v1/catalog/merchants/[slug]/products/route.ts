// listPublicMerchantProducts: GET /api/v1/catalog/merchants/{slug}/products
import { listPublicMerchantProducts } from '@/lib/catalog/list-public-merchant-products';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const GET = handle(operations.listPublicMerchantProducts, ({ params, query }, ctx) =>
  listPublicMerchantProducts(ctx, { slug: params.slug, ...query }),
);
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
