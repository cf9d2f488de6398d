// getStorefrontDecorationVersion: GET /api/v1/open/storefront/decoration/versions/{version} (extension)
import { getInstallationDecorationVersion } from '@/lib/decoration/installation-decoration';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getStorefrontDecorationVersion, ({ params }, ctx) => getInstallationDecorationVersion(ctx, params.version)),
);
