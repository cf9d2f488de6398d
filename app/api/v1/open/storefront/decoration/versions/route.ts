// listStorefrontDecorationVersions, publishStorefrontDecorationDraft: GET, POST /api/v1/open/storefront/decoration/versions (extensions)
import { listInstallationDecorationVersions, publishInstallationDecorationDraft } from '@/lib/decoration/installation-decoration';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listStorefrontDecorationVersions, ({ query }, ctx) => listInstallationDecorationVersions(ctx, query)),
  handle(operations.publishStorefrontDecorationDraft, ({ body }, ctx) => publishInstallationDecorationDraft(ctx, body)),
);
