import 'server-only';
import type { ServiceContext } from '../../core/context';
import { ServiceError } from '../../core/errors';
import { isUuid } from '../../carts/cart-records';
import { hurryProviderRefunds } from '../../orders/data';
import { listProviderAccounts, notificationSeen, readAttemptByReference, recordNotification } from '../data';
import { alipayKeysOf } from './accounts';
import { verifyAlipayNotification } from './alipay';
import { yuanToFen } from './alipay-amount';
import type { ProviderPayment } from './gateway';
import { settlePaymentAttempt } from './settle';
import type { NotificationReceipt } from './stripe-notification';

export type AlipayNotification = { storeId: string; payload: string; signature: string | null };

/**
 * Alipay's asynchronous notification for one store (POST /api/payments/alipay/{storeId}, the
 * notify_url of every trade the store opens; form-encoded, RSA2-signed by Alipay). Checked in
 * Alipay's documented order: the signature with the SDK (checkNotifySignV2) against the Alipay
 * public key of the store's account whose app id the notification names; then out_trade_no must
 * be a trade this store started, in the same mode, and total_amount exactly the attempt's
 * amount. Anything else is refused (400, logged, nothing changes). Processed once per notify_id:
 * TRADE_SUCCESS and TRADE_FINISHED settle the attempt through settlePaymentAttempt (the same path
 * as the return and the sweep), TRADE_CLOSED cancels it, a refund's notification (refund_fee)
 * makes the order's pending Alipay refunds due for the refund sweep. The route answers the
 * literal `success` Alipay expects only after all of that committed; anything else makes Alipay
 * send it again later.
 */
export async function receiveAlipayNotification(ctx: ServiceContext, input: AlipayNotification): Promise<NotificationReceipt> {
  const refuse = (reason: string, extra: Record<string, unknown> = {}): never => {
    ctx.log.warn({ storeId: input.storeId, reason, ...extra, clientAddress: ctx.clientAddress }, 'payment notification refused: not a genuine Alipay notification for this store');
    throw new ServiceError('payment_notification_invalid');
  };
  if (!isUuid(input.storeId)) refuse('unknown store');
  const form = new URLSearchParams(input.payload);
  const params: Record<string, string> = {};
  for (const [k, v] of form) {
    if (k in params) refuse('a parameter is repeated', { parameter: k });
    params[k] = v;
  }
  if (!params.sign) refuse('no sign');
  const accounts = (await listProviderAccounts(ctx.db, input.storeId)).filter((a) => a.provider === 'alipay' && a.publicId === params.app_id);
  if (!accounts.length) refuse('app_id is not an Alipay app of this store', { appId: params.app_id });
  const account = accounts.find((a) => verifyAlipayNotification(params, alipayKeysOf(a)));
  if (!account) return refuse('signature does not verify with the store’s Alipay public key', { appId: params.app_id, outTradeNo: params.out_trade_no });
  const notifyId = params.notify_id;
  const outTradeNo = params.out_trade_no;
  if (!notifyId || !outTradeNo) return refuse('notify_id or out_trade_no missing');

  const attempt = await readAttemptByReference(ctx.db, 'alipay', outTradeNo);
  if (!attempt || attempt.merchantId !== input.storeId || attempt.livemode !== (account.mode === 'live')) {
    return refuse('out_trade_no is not a trade this store started in this mode', { outTradeNo });
  }
  const amount = params.total_amount ? yuanToFen(params.total_amount) : null;
  if (amount !== attempt.amount) {
    ctx.log.error({ attemptId: attempt.id, expected: attempt.amount, totalAmount: params.total_amount }, 'Alipay notification amount differs from the payment attempt');
    return refuse('total_amount differs from the attempt', { outTradeNo, totalAmount: params.total_amount });
  }
  if (await notificationSeen(ctx.db, 'alipay', notifyId)) return { received: true, duplicate: true, handled: false };

  let handled = false;
  if (params.refund_fee || params.gmt_refund) {
    handled = (await hurryProviderRefunds(ctx.db, 'alipay', outTradeNo, ctx.now)) > 0;
  } else {
    const status: ProviderPayment['status'] | null =
      params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED' ? 'succeeded' : params.trade_status === 'TRADE_CLOSED' ? 'canceled' : null;
    if (status) {
      await settlePaymentAttempt(ctx, attempt.id, { reference: outTradeNo, status, amount, currency: 'CNY', failureCode: null, action: null, card: null }, 'notification');
      handled = true;
    }
  }
  // Recorded once handled: a failure on the way leaves it unrecorded, and Alipay's next delivery is handled then.
  await ctx.db.$transaction((tx) => recordNotification(tx, 'alipay', notifyId, ctx.now));
  return { received: true, duplicate: false, handled };
}
