// getStorefrontDecorationDraft, saveStorefrontDecorationDraft: GET, PUT /api/v1/open/storefront/decoration/draft (extensions)
import { getInstallationDecorationDraft, saveInstallationDecorationDraft } from '@/lib/decoration/installation-decoration';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getStorefrontDecorationDraft, (_input, ctx) => getInstallationDecorationDraft(ctx)),
  handle(operations.saveStorefrontDecorationDraft, ({ body }, ctx) => saveInstallationDecorationDraft(ctx, body)),
);
