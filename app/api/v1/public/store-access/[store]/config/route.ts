// getPublicStoreSecurityConfig: GET /api/v1/public/store-access/{store}/config
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';
import { getPublicStoreSecurityConfig } from '@/lib/store-access/get-public-store-security-config';

export const GET = handle(operations.getPublicStoreSecurityConfig, ({ params }, ctx) =>
  getPublicStoreSecurityConfig(ctx, params.store),
);
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
