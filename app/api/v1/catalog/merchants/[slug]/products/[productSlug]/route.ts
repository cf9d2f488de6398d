// getPublicMerchantProduct: GET /api/v1/catalog/merchants/{merchantSlug}/products/{productSlug}
// The folder is named [slug] because Next requires one name per segment; the pipeline maps it.
import { getPublicMerchantProduct } from '@/lib/catalog/get-public-merchant-product';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const GET = handle(operations.getPublicMerchantProduct, ({ params, query }, ctx) =>
  getPublicMerchantProduct(ctx, { ...params, ...query }),
  { paramAliases: { slug: 'merchantSlug' } },
);
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
