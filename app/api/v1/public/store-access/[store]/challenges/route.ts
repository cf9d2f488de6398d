// createStorefrontChallenge: POST /api/v1/public/store-access/{store}/challenges
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';
import { createStorefrontChallenge } from '@/lib/store-access/create-storefront-challenge';

export const POST = handle(operations.createStorefrontChallenge, ({ params, body }, ctx) =>
  createStorefrontChallenge(ctx, { store: params.store, answer: body }),
);
export const { GET, PUT, PATCH, DELETE } = rejectOtherMethods('POST');
