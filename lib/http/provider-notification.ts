import { createServiceContext } from '../core/context';
import { getDb } from '../db/client';
import { runBackgroundWorkAfterResponse } from './after-response';
import { logAccess } from './access-log';
import { clientAddress } from './client-address';
import { readBodyText } from './parse';
import { chargeRateLimit, getRateLimiter } from './rate-limit';
import { newRequestId } from './request-id';
import { apiHeaders, errorResponse, jsonResponse } from './respond';
import type { ServiceContext } from '../core/context';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type ProviderNotificationInput = { storeId: string; payload: string; signature: string | null };

/**
 * The pipeline of a payment provider's notification (POST /api/payments/<provider>/{storeId}):
 * outside the public API's operation table, because the provider, not an API client, calls it and
 * the signature covers the body's exact bytes. The route reads the raw body (64 KiB at most) and
 * the provider's signature header, rate-limits by address, and answers the envelope: `{data}` on
 * success, a PublicErrorResponse otherwise (400 payment_notification_invalid for a bad signature,
 * which the provider retries; nothing here ever answers 500 for bad input). The service verifies.
 * `answer` replaces the success envelope where a provider expects its own acknowledgement (Alipay:
 * the bare text `success`, sent only after the service's transaction committed).
 */
export function providerNotificationRoute(
  route: string,
  signatureHeader: string | null,
  service: (ctx: ServiceContext, input: ProviderNotificationInput) => Promise<unknown>,
  answer?: (data: unknown, headers: Headers) => Response,
) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const startedAt = performance.now();
    const requestId = newRequestId(req.headers);
    const headers = apiHeaders(requestId);
    headers.set('cache-control', 'no-store');
    let res: Response;
    try {
      const params = (await context.params) ?? {};
      const storeId = typeof params.storeId === 'string' ? params.storeId : '';
      const address = clientAddress(req.headers);
      await chargeRateLimit(getRateLimiter(), 'public', { address, principal: null, params: { storeId } }, headers);
      const payload = await readBodyText(req);
      const ctx = createServiceContext({ db: await getDb(), requestId, clientAddress: address });
      const data = await service(ctx, { storeId, payload, signature: signatureHeader ? req.headers.get(signatureHeader) : null });
      res = answer ? answer(data, headers) : jsonResponse({ data }, 200, headers);
      runBackgroundWorkAfterResponse();
    } catch (err) {
      res = errorResponse(err, requestId, headers);
    }
    logAccess({ method: req.method, route, status: res.status, requestId, principal: 'none' }, startedAt);
    return res;
  };
}
