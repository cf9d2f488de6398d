// getPublicMerchant: GET /api/v1/catalog/merchants/{slug}
import { getPublicMerchant } from '@/lib/catalog/get-public-merchant';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getPublicMerchant, ({ params }, ctx) => getPublicMerchant(ctx, params.slug), {
    // A protected store's profile is readable without its token, but stays out of shared caches.
    isPrivate: (merchant) => merchant.access === 'protected',
  }),
);
