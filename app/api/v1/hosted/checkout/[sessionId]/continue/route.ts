// continueHostedCheckoutBrowser: POST /api/v1/hosted/checkout/{sessionId}/continue
import { continueHostedCheckoutBrowser } from '@/lib/checkout/browser-steps';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.continueHostedCheckoutBrowser, ({ params, body }, ctx) => continueHostedCheckoutBrowser(ctx, { sessionId: params.sessionId, body })),
);
