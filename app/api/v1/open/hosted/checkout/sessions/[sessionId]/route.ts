// getHostedCheckoutSession: GET /api/v1/open/hosted/checkout/sessions/{sessionId}
import { getHostedCheckoutSession } from '@/lib/checkout/get-hosted-checkout-session';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getHostedCheckoutSession, ({ params }, ctx) => getHostedCheckoutSession(ctx, params)),
);
