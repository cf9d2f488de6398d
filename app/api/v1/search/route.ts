// searchPublicProducts: GET /api/v1/search
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { searchPublicProducts } from '@/lib/search/search-public-products';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.searchPublicProducts, ({ query }, ctx) => searchPublicProducts(ctx, query)),
);
