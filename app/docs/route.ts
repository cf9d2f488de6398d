// The interactive API reference (Scalar), over the OpenAPI document generated from the operation table.
// The Scalar bundle is served from this deployment (public/vendor), never from a CDN.
import { ApiReference } from '@scalar/nextjs-api-reference';

export const GET = ApiReference({
  url: '/api/v1/openapi.json',
  cdn: '/vendor/scalar/standalone.js',
  pageTitle: 'Storefront Commerce API reference',
  hideClientButton: false,
  defaultOpenAllTags: false,
  persistAuth: true,
  // Hosted Scalar services (AI agent, MCP generation) need accounts and the internet: off.
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
});
