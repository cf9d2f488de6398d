// The interactive API reference (Scalar), over the OpenAPI document generated from the operation table.
// The Scalar bundle and its fonts are served from this deployment (public/vendor, written by
// scripts/vendor-assets.mjs), never from a CDN or fonts.scalar.com.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiReference } from '@scalar/nextjs-api-reference';

const fontFaces = readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), 'public', 'vendor', 'fonts', 'fonts.css'), 'utf8');

const reference = {
  url: '/api/v1/openapi.json',
  cdn: '/vendor/scalar/standalone.js',
  pageTitle: 'Storefront Commerce API reference',
  hideClientButton: false,
  defaultOpenAllTags: false,
  persistAuth: true,
  // Scalar's default fonts come from fonts.scalar.com: the same faces, served by the app.
  withDefaultFonts: false,
  customCss: fontFaces,
  // Hosted Scalar services (AI agent, MCP generation) need accounts and the internet: off.
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
} as const;

// Scalar marks its two script tags with the nonce proxy.ts put in this page's CSP. A third, before
// them, turns off the eval probe of the zod inside Scalar's bundle (a CSP reports it as a violation).
export const GET = async (req: Request) => {
  const nonce = /^[A-Za-z0-9+/=]{16,64}$/.exec(req.headers.get('x-nonce') ?? '')?.[0];
  const page = ApiReference({ ...reference, nonce })();
  const html = (await page.text()).replace(
    '<script src=',
    `<script${nonce ? ` nonce="${nonce}"` : ''}>globalThis.__zod_globalConfig = { jitless: true };</script>\n    <script src=`,
  );
  return new Response(html, { status: page.status, headers: page.headers });
};
