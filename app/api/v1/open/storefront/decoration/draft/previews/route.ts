// createStorefrontDecorationPreview: POST /api/v1/open/storefront/decoration/draft/previews (extension)
import { previewInstallationDecorationDraft } from '@/lib/decoration/installation-decoration';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.createStorefrontDecorationPreview, ({ body }, ctx) => previewInstallationDecorationDraft(ctx, body)),
);
