// createStorefrontChallenge: POST /api/v1/public/store-access/{store}/challenges
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { createStorefrontChallenge } from '@/lib/store-access/create-storefront-challenge';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.createStorefrontChallenge, ({ params, body }, ctx) =>
    createStorefrontChallenge(ctx, { store: params.store, answer: body }),
  ),
);
