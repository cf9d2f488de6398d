// createHostedCheckoutSession (extension): POST /api/v1/open/hosted/checkout/sessions
import { createHostedCheckoutSession } from '@/lib/checkout/create-hosted-checkout-session';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.createHostedCheckoutSession, ({ body }, ctx) => createHostedCheckoutSession(ctx, body), { completesInWrite: true }),
);
