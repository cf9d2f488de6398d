// rollbackStorefrontDecoration: POST /api/v1/open/storefront/decoration/versions/{version}/rollback (extension)
import { rollbackInstallationDecoration } from '@/lib/decoration/installation-decoration';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.rollbackStorefrontDecoration, ({ params, body }, ctx) => rollbackInstallationDecoration(ctx, params.version, body)),
);
