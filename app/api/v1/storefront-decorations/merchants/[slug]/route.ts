// getPublicStorefrontDecoration: GET /api/v1/storefront-decorations/merchants/{slug}
import { decorationEtag, getPublicStorefrontDecoration } from '@/lib/decoration/get-public-storefront-decoration';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const GET = handle(
  operations.getPublicStorefrontDecoration,
  ({ params }, ctx) => getPublicStorefrontDecoration(ctx, { slug: params.slug }),
  { etag: decorationEtag },
);
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
