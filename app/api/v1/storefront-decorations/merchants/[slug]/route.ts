// getPublicStorefrontDecoration: GET /api/v1/storefront-decorations/merchants/{slug}
import { decorationEtag, getPublicStorefrontDecoration } from '@/lib/decoration/get-public-storefront-decoration';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(
    operations.getPublicStorefrontDecoration,
    ({ params }, ctx) => getPublicStorefrontDecoration(ctx, { slug: params.slug }),
    { etag: decorationEtag },
  ),
);
