// returnHostedCheckoutBrowser: POST /api/v1/hosted/checkout/{sessionId}/return
import { returnHostedCheckoutBrowser } from '@/lib/checkout/browser-steps';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.returnHostedCheckoutBrowser, ({ params, body }, ctx) => returnHostedCheckoutBrowser(ctx, { sessionId: params.sessionId, body })),
);
