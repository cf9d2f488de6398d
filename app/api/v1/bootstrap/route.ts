// getPublicBootstrap: GET /api/v1/bootstrap
import { getPublicBootstrap } from '@/lib/catalog/get-public-bootstrap';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const GET = handle(operations.getPublicBootstrap, (_input, ctx) => getPublicBootstrap(ctx));
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
