import 'server-only';
import { principalOf } from '../carts/cart-records';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { HostedCheckoutSession } from './schemas';
import { readSessionInstallation } from './data';
import { readSessionForBrowser, toSessionView } from './sessions';

/** getHostedCheckoutSession (op 5): the merchant's view. Another installation's session is 404. */
export async function getHostedCheckoutSession(ctx: ServiceContext, input: { sessionId: string }): Promise<HostedCheckoutSession> {
  const principal = principalOf(ctx);
  const installationId = await readSessionInstallation(ctx.db, input.sessionId);
  if (installationId !== principal.installationId) throw new ServiceError('checkout_session_not_found');
  const session = await readSessionForBrowser(ctx.db, input.sessionId, ctx.now);
  if (!session) throw new ServiceError('checkout_session_not_found');
  return toSessionView(ctx.db, session, ctx.now);
}
