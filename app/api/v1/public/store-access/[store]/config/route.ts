// getPublicStoreSecurityConfig: GET /api/v1/public/store-access/{store}/config
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { getPublicStoreSecurityConfig } from '@/lib/store-access/get-public-store-security-config';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getPublicStoreSecurityConfig, ({ params }, ctx) =>
    getPublicStoreSecurityConfig(ctx, params.store),
  ),
);
