// validateStorefrontDecorationDraft: POST /api/v1/open/storefront/decoration/draft/validation (extension)
import { validateInstallationDecorationDraft } from '@/lib/decoration/installation-decoration';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.validateStorefrontDecorationDraft, ({ body }, ctx) => validateInstallationDecorationDraft(ctx, body)),
);
