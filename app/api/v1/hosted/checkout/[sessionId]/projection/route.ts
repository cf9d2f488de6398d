// getHostedCheckoutBrowserProjection: POST /api/v1/hosted/checkout/{sessionId}/projection
import { getHostedCheckoutBrowserProjection } from '@/lib/checkout/browser-steps';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getHostedCheckoutBrowserProjection, ({ params, body }, ctx) => getHostedCheckoutBrowserProjection(ctx, { sessionId: params.sessionId, body })),
);
