// getPublicMerchant: GET /api/v1/catalog/merchants/{slug}
import { getPublicMerchant } from '@/lib/catalog/get-public-merchant';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const GET = handle(operations.getPublicMerchant, ({ params }, ctx) => getPublicMerchant(ctx, params.slug));
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
