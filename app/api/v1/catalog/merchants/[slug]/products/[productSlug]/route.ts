// getPublicMerchantProduct: GET /api/v1/catalog/merchants/{merchantSlug}/products/{productSlug}
// The folder is named [slug] because Next requires one name per segment; the pipeline maps it.
import { getPublicMerchantProduct } from '@/lib/catalog/get-public-merchant-product';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getPublicMerchantProduct, ({ params, query }, ctx) =>
    getPublicMerchantProduct(ctx, { ...params, ...query }),
    { paramAliases: { slug: 'merchantSlug' } },
  ),
);
