// listPublicCategories: GET /api/v1/catalog/categories
import { listPublicCategories } from '@/lib/catalog/list-public-categories';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listPublicCategories, (_input, ctx) => listPublicCategories(ctx)),
);
