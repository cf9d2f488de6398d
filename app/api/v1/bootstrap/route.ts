// getPublicBootstrap: GET /api/v1/bootstrap
import { getPublicBootstrap } from '@/lib/catalog/get-public-bootstrap';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getPublicBootstrap, (_input, ctx) => getPublicBootstrap(ctx)),
);
