// searchPublicProducts: GET /api/v1/search
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';
import { searchPublicProducts } from '@/lib/search/search-public-products';

export const GET = handle(operations.searchPublicProducts, ({ query }, ctx) => searchPublicProducts(ctx, query));
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
