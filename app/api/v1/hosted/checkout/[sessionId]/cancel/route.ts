// cancelHostedCheckoutBrowser: POST /api/v1/hosted/checkout/{sessionId}/cancel
import { cancelHostedCheckoutBrowser } from '@/lib/checkout/browser-steps';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.cancelHostedCheckoutBrowser, ({ params, body }, ctx) => cancelHostedCheckoutBrowser(ctx, { sessionId: params.sessionId, body })),
);
