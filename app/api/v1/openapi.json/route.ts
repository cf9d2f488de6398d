// The OpenAPI 3.1 document, generated from the operation table (lib/operations).
import { openApiDocument } from '@/lib/openapi/document';

export const GET = Object.assign(
  async () =>
    new Response(JSON.stringify(openApiDocument()), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
    }),
  { documentRoute: true as const },
);
