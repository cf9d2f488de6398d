// RFC 8414 authorization server metadata.
import { authorizationServerMetadata } from '@/lib/oauth/metadata';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json(authorizationServerMetadata(), {
    headers: { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' },
  });
}
