import { createHash, timingSafeEqual } from 'node:crypto';
import { ServiceError } from '../core/errors';
import { config } from '../platform/config';
import { logger } from '../platform/logger';
import { getDb } from '../db/client';
import { type BackgroundWorkReport, didWork, runBackgroundWork } from '../jobs/run-background-work';
import { type PrincipalKind, logAccess } from './access-log';
import { newRequestId } from './request-id';
import { apiHeaders, errorResponse, jsonResponse } from './respond';

/** Stop starting passes after this, leaving room under the platform's function time limit. */
const BUDGET_MS = 45_000;

function sameSecret(given: string, expected: string): boolean {
  // Hashed first so the comparison takes the same time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The cron entry (Vercel Cron calls it with `Authorization: Bearer $CRON_SECRET`): passes of
 * the background work until nothing is left or the time budget is spent. Without CRON_SECRET
 * the route does not exist (404); a wrong or missing secret is 401.
 */
export async function handleCron(req: Request): Promise<Response> {
  const startedAt = performance.now();
  const requestId = newRequestId(req.headers);
  const headers = apiHeaders(requestId);
  headers.set('cache-control', 'no-store');
  const served: { principal: PrincipalKind } = { principal: 'none' };
  const res = await runCron(req, requestId, headers, served);
  logAccess({ method: req.method, route: CRON_ROUTE, status: res.status, requestId, principal: served.principal }, startedAt);
  return res;
}

const CRON_ROUTE = '/api/cron/background-work';

async function runCron(req: Request, requestId: string, headers: Headers, served: { principal: PrincipalKind }): Promise<Response> {
  try {
    const secret = config().CRON_SECRET;
    if (!secret) throw new ServiceError('route_not_found');
    const given = req.headers.get('authorization')?.match(/^Bearer (.+)$/)?.[1];
    if (!given || !sameSecret(given, secret)) throw new ServiceError('authentication_required', { message: 'Send Authorization: Bearer <CRON_SECRET>.' });
    served.principal = 'cron';
    const db = await getDb();
    const started = Date.now();
    const passes: BackgroundWorkReport[] = [];
    do passes.push(await runBackgroundWork({ db, log: logger.child({ requestId }) }));
    while (didWork(passes.at(-1)!) && Date.now() - started < BUDGET_MS);
    return jsonResponse({ data: { passes: passes.length, durationMs: Date.now() - started, reports: passes } }, 200, headers);
  } catch (err) {
    return errorResponse(err, requestId, headers);
  }
}
