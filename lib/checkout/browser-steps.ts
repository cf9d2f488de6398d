import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { validateCard } from './payments/cards';
import { isGatewayMethod, paymentProviders } from './payments/providers';
import { startGatewayPayment } from './payments/start-payment';
import type {
  HostedBrowserCancelRequest,
  HostedBrowserContextRequest,
  HostedBrowserReturn,
  HostedCheckoutBrowserProjection,
} from './schemas';
import { advanceToPayment, lockSession, recordDeclinedPayment } from './data';
import { completeSessionWithOrder, endSession, readSessionForBrowser, sessionStateAt, toProjection } from './sessions';

/**
 * The shopper's browser steps (ops 26, 28, 29, 30). No credentials: the session id is the
 * capability, and an unknown or malformed id is 404 checkout_session_not_found.
 */

async function found(ctx: ServiceContext, sessionId: string) {
  const s = await readSessionForBrowser(ctx.db, sessionId, ctx.now);
  if (!s) throw new ServiceError('checkout_session_not_found');
  return s;
}

/** getHostedCheckoutBrowserProjection (26): the page's view of the session, in any state. */
export async function getHostedCheckoutBrowserProjection(
  ctx: ServiceContext,
  input: { sessionId: string; body: HostedBrowserContextRequest },
): Promise<HostedCheckoutBrowserProjection> {
  return toProjection(ctx.db, await found(ctx, input.sessionId), ctx.now);
}

/** returnHostedCheckoutBrowser (28): returnUrl once completed, else cancelUrl, with the session id appended. */
export async function returnHostedCheckoutBrowser(ctx: ServiceContext, input: { sessionId: string; body: HostedBrowserContextRequest }): Promise<HostedBrowserReturn> {
  const s = await found(ctx, input.sessionId);
  const state = sessionStateAt(s, ctx.now);
  const url = new URL(state === 'completed' ? s.returnUrl : s.cancelUrl);
  url.searchParams.set('session_id', s.id);
  return { url: url.href, state };
}

/**
 * continueHostedCheckoutBrowser (29): review -> payment -> completed. The step the page showed is
 * checked under the session row lock: a second submission of a step already passed (a double
 * click, a retried request, a second tab) answers the current view and changes nothing, so two
 * concurrent continues charge once and place one order.
 */
export async function continueHostedCheckoutBrowser(
  ctx: ServiceContext,
  input: { sessionId: string; body: HostedBrowserContextRequest },
): Promise<HostedCheckoutBrowserProjection> {
  const { body } = input;
  if (!body.step) {
    throw new ServiceError('validation_failed', { issues: [{ path: 'step', code: 'required', message: 'Send the step the page shows: review or payment.' }] });
  }
  await found(ctx, input.sessionId);
  const now = ctx.now;
  if (body.step === 'payment' && body.paymentMethod && isGatewayMethod(body.paymentMethod)) {
    // An asynchronous provider: the attempt starts (provider called outside any transaction) and
    // the page pays on the provider's element; the order is placed when the provider confirms.
    await startGatewayPayment(ctx, input.sessionId, body.paymentMethod);
    return toProjection(ctx.db, (await found(ctx, input.sessionId)), now);
  }
  const s = await ctx.db.$transaction(async (tx) => {
    const locked = await lockSession(tx, input.sessionId);
    if (!locked) throw new ServiceError('checkout_session_not_found');
    const state = sessionStateAt(locked, now);
    if (locked.state === 'completed' || locked.step !== body.step) return locked; // already past this step: harmless
    if (state !== 'open') throw new ServiceError('checkout_session_not_open', { details: { state } });

    if (body.step === 'review') {
      const email = body.email ?? locked.email;
      if (!email) {
        throw new ServiceError('validation_failed', {
          issues: [{ path: 'body.email', code: 'required', message: 'Enter the e-mail address for the receipt.' }],
        });
      }
      return advanceToPayment(tx, locked.id, email, now);
    }

    const method = body.paymentMethod;
    if (!method) {
      throw new ServiceError('validation_failed', { issues: [{ path: 'paymentMethod', code: 'required', message: 'Choose a payment method.' }] });
    }
    if (isGatewayMethod(method)) throw new ServiceError('payment_method_unavailable', { details: { paymentMethod: method } });
    const provider = paymentProviders[method];
    if (!provider.availableFor(locked)) throw new ServiceError('payment_method_unavailable', { details: { paymentMethod: method } });
    if (method === 'test_card') {
      if (!body.card) throw new ServiceError('card_invalid', { issues: [{ path: 'card', code: 'required', message: 'Enter the card details.' }] });
      const issues = validateCard(body.card, now);
      if (issues.length) throw new ServiceError('card_invalid', { issues });
    }
    const result = await provider.charge({ sessionId: locked.id, amount: locked.total, currency: locked.currency, livemode: locked.livemode, card: body.card });
    if (result.outcome === 'declined') {
      return recordDeclinedPayment(tx, locked.id, { code: result.code, method, card: result.card, at: now.toISOString() }, now);
    }
    const { session } = await completeSessionWithOrder(tx, locked, { ...result, method }, now);
    ctx.log.info({ sessionId: locked.id, method, outcome: result.outcome }, 'hosted checkout order placed');
    return session;
  });
  return toProjection(ctx.db, s, now);
}

/** cancelHostedCheckoutBrowser (30): open -> cancelled, cart active again, stock released. A cancelled session answers the same again. */
export async function cancelHostedCheckoutBrowser(
  ctx: ServiceContext,
  input: { sessionId: string; body: HostedBrowserCancelRequest },
): Promise<HostedCheckoutBrowserProjection> {
  await found(ctx, input.sessionId);
  const now = ctx.now;
  const s = await ctx.db.$transaction(async (tx) => {
    const locked = await lockSession(tx, input.sessionId);
    if (!locked) throw new ServiceError('checkout_session_not_found');
    if (locked.state === 'cancelled') return locked;
    const state = sessionStateAt(locked, now);
    if (state !== 'open') throw new ServiceError('checkout_session_not_open', { details: { state } });
    if (input.body.reason) ctx.log.info({ sessionId: locked.id, reason: input.body.reason }, 'hosted checkout cancelled by the shopper');
    return endSession(tx, locked, 'cancelled', now);
  });
  return toProjection(ctx.db, s, now);
}
