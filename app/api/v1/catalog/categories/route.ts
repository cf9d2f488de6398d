// listPublicCategories: GET /api/v1/catalog/categories
import { listPublicCategories } from '@/lib/catalog/list-public-categories';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const GET = handle(operations.listPublicCategories, (_input, ctx) => listPublicCategories(ctx));
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
