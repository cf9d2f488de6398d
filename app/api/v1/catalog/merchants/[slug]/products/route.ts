// listPublicMerchantProducts: GET /api/v1/catalog/merchants/{slug}/products
import { listPublicMerchantProducts } from '@/lib/catalog/list-public-merchant-products';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listPublicMerchantProducts, ({ params, query }, ctx) =>
    listPublicMerchantProducts(ctx, { slug: params.slug, ...query }),
  ),
);
