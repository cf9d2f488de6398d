import 'server-only';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { AlipayRequestError, AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { config } from '../../platform/config';
import { fenToYuan, yuanToFen } from './alipay-amount';
import { type PaymentGateway, type ProviderPayment, type ProviderRefund, ProviderRefused, ProviderUnavailable } from './gateway';

/**
 * Alipay, through the official `alipay-sdk` (open platform v2 gateway, RSA2 both ways: requests
 * signed with the app private key, every response and notification verified with the Alipay
 * public key). Desktop pays by scanning the QR code of `alipay.trade.precreate`; a phone opens the
 * `alipay.trade.wap.pay` URL for the same trade. The trade number (out_trade_no) is derived from
 * the checkout session, so a retried start finds the same trade and Alipay never takes the money
 * of one session twice. Amounts go out as CNY yuan strings with exactly two decimals
 * (alipay-amount.ts). Gateway URL and timeout: ALIPAY_GATEWAY, ALIPAY_TIMEOUT_MS.
 */

export type AlipayKeys = { appId: string; privateKey: string; alipayPublicKey: string };

/** The session's trade number: `cs_` and the hex of the session id's random part (letters, digits, underscore; 51 characters). */
export function alipayTradeNo(sessionId: string): string {
  return `cs_${Buffer.from(sessionId.slice(3), 'base64url').toString('hex')}`;
}

/** How long a QR code or wap page may be paid: the session's payment hold (PAYMENT_HOLD_MS). */
const TIMEOUT_EXPRESS = '30m';

/**
 * A request's `timestamp` as Alipay reads it: Beijing time (UTC+8, no daylight saving),
 * `yyyy-MM-dd HH:mm:ss`. The SDK would write the server's local time, which on a server in UTC
 * (Vercel, most containers) is eight hours off; a parameter given to the call takes its place.
 */
export function beijingTimestamp(at: Date = new Date()): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** A key as pasted: its base64 body (PEM armour and all whitespace removed; a one-line input field drops the PEM's line breaks) and the armour's label. */
function keyBody(input: string): { der: Buffer; label: string | null } {
  const label = /-----BEGIN ([A-Z ]+)-----/.exec(input)?.[1] ?? null;
  return { der: Buffer.from(input.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64'), label };
}

const rsa2048 = (key: { asymmetricKeyType?: string; asymmetricKeyDetails?: { modulusLength?: number } }) =>
  key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048;

/** An app private key as the merchant pasted it (PEM PKCS#1/PKCS#8, or the bare base64 Alipay's key tool prints) -> PKCS#8 PEM; null when it is not an RSA key of 2048 bits or more. */
export function normalizePrivateKey(input: string): string | null {
  const { der, label } = keyBody(input);
  if (label && label !== 'PRIVATE KEY' && label !== 'RSA PRIVATE KEY') return null;
  const types = label === 'RSA PRIVATE KEY' ? (['pkcs1'] as const) : label ? (['pkcs8'] as const) : (['pkcs8', 'pkcs1'] as const);
  for (const type of types) {
    try {
      const key = createPrivateKey({ key: der, format: 'der', type });
      return rsa2048(key) ? key.export({ format: 'pem', type: 'pkcs8' }).toString() : null;
    } catch {
      // the next form
    }
  }
  return null;
}

/** The Alipay public key as the merchant pasted it (PEM or bare base64 SPKI) -> SPKI PEM; null when it is not an RSA public key of 2048 bits or more (a private key is refused: it is not what Alipay gave). */
export function normalizePublicKey(input: string): string | null {
  const { der, label } = keyBody(input);
  if (label && label !== 'PUBLIC KEY' && label !== 'RSA PUBLIC KEY') return null;
  try {
    const key = createPublicKey({ key: der, format: 'der', type: label === 'RSA PUBLIC KEY' ? 'pkcs1' : 'spki' });
    return rsa2048(key) ? key.export({ format: 'pem', type: 'spki' }).toString() : null;
  } catch {
    return null;
  }
}

export function alipayClient(keys: AlipayKeys): AlipaySdk {
  return new AlipaySdk({
    appId: keys.appId,
    privateKey: keys.privateKey,
    keyType: 'PKCS8',
    alipayPublicKey: keys.alipayPublicKey,
    signType: 'RSA2',
    gateway: config().ALIPAY_GATEWAY,
    timeout: config().ALIPAY_TIMEOUT_MS,
    camelcase: false,
  });
}

/** A response whose signature does not verify with the Alipay public key: nothing in it is believed. */
class AlipaySignatureMismatch extends ProviderUnavailable {}

type Result = AlipaySdkCommonResult & Record<string, unknown>;

/** One signed call; the response's signature is verified by the SDK. Transport failures, 5xx and Alipay's own system errors are "unavailable". */
async function call(sdk: AlipaySdk, method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Result> {
  let res: Result;
  try {
    res = (await sdk.exec(method, { ...extra, timestamp: beijingTimestamp(), bizContent }, { validateSign: true })) as Result;
  } catch (err) {
    if (err instanceof AlipayRequestError && err.message.includes('验签失败')) {
      throw new AlipaySignatureMismatch(`Alipay: the response of ${method} is not signed by the Alipay public key saved for this store`, { cause: err });
    }
    throw new ProviderUnavailable(`Alipay: ${(err as Error)?.message ?? String(err)}`, { cause: err });
  }
  if (res.code === '20000' || res.sub_code === 'ACQ.SYSTEM_ERROR' || res.sub_code === 'aop.ACQ.SYSTEM_ERROR') {
    throw new ProviderUnavailable(`Alipay: ${method} ${res.sub_code ?? res.code} ${res.sub_msg ?? res.msg ?? ''}`.trim());
  }
  return res;
}

function refused(method: string, res: Result): ProviderRefused {
  return new ProviderRefused(`Alipay: ${method} ${res.sub_code ?? res.code}: ${res.sub_msg ?? res.msg ?? ''}`.trim(), String(res.sub_code ?? res.code));
}

/** A trade as alipay.trade.query answers it, in the attempt's terms. */
function tradeOf(reference: string, res: Result, expectedAmount: number): ProviderPayment {
  const status = res.trade_status;
  const amount = typeof res.total_amount === 'string' ? yuanToFen(res.total_amount) : null;
  return {
    reference,
    status: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'succeeded' : status === 'TRADE_CLOSED' ? 'canceled' : 'processing',
    // A trade Alipay reports without a readable amount cannot be matched: -1 never equals a total.
    amount: amount ?? (status === 'WAIT_BUYER_PAY' ? expectedAmount : -1),
    currency: 'CNY',
    failureCode: null,
    action: null,
    card: null,
  };
}

export type AlipayGateway = PaymentGateway & {
  /** The signed alipay.trade.wap.pay URL of a session's trade, for a phone (a redirect; nothing is called here). */
  wapPayUrl(r: { reference: string; amount: number; subject: string; returnUrl: string }): string;
};

export function alipayGateway(keys: AlipayKeys, notifyUrl: string): AlipayGateway {
  const sdk = alipayClient(keys);
  const query = async (reference: string, expectedAmount = -1): Promise<ProviderPayment> => {
    const res = await call(sdk, 'alipay.trade.query', { out_trade_no: reference });
    if (res.code === '10000') return tradeOf(reference, res, expectedAmount);
    // A precreated trade exists at Alipay only once its QR code is scanned: until then it is waiting.
    if (res.sub_code === 'ACQ.TRADE_NOT_EXIST') return { reference, status: 'processing', amount: expectedAmount, currency: 'CNY', failureCode: null, action: null, card: null };
    throw refused('alipay.trade.query', res);
  };
  const refundQuery = async (reference: string): Promise<ProviderRefund> => {
    const [outTradeNo, outRequestNo] = reference.split(':') as [string, string];
    const res = await call(sdk, 'alipay.trade.fastpay.refund.query', { out_trade_no: outTradeNo, out_request_no: outRequestNo });
    if (res.code !== '10000') throw refused('alipay.trade.fastpay.refund.query', res);
    return { reference, status: res.refund_status === 'REFUND_SUCCESS' ? 'succeeded' : 'pending', failureCode: null };
  };
  return {
    provider: 'alipay',
    async createPayment(r) {
      if (r.currency !== 'CNY') throw new ProviderRefused(`Alipay takes CNY only, not ${r.currency}`, 'currency_not_supported');
      const reference = alipayTradeNo(r.idempotencyKey);
      const res = await call(
        sdk,
        'alipay.trade.precreate',
        { out_trade_no: reference, total_amount: fenToYuan(r.amount), subject: r.description, timeout_express: TIMEOUT_EXPRESS },
        { notify_url: notifyUrl },
      );
      if (res.code === '10000' && typeof res.qr_code === 'string') {
        return { reference, status: 'processing', amount: r.amount, currency: 'CNY', failureCode: null, action: res.qr_code, card: null };
      }
      // The trade of this session was paid or closed already (a retry after it finished): as it stands.
      if (res.sub_code === 'ACQ.TRADE_HAS_SUCCESS' || res.sub_code === 'ACQ.TRADE_HAS_CLOSE') return query(reference, r.amount);
      throw refused('alipay.trade.precreate', res);
    },
    retrievePayment: (reference) => query(reference),
    async cancelPayment(reference) {
      const res = await call(sdk, 'alipay.trade.close', { out_trade_no: reference });
      // Closed, or never scanned (no trade at Alipay; its QR code expires with timeout_express).
      if (res.code === '10000' || res.sub_code === 'ACQ.TRADE_NOT_EXIST') return { reference, status: 'canceled', amount: -1, currency: 'CNY', failureCode: null, action: null, card: null };
      // Paid meanwhile: its success stands.
      if (res.sub_code === 'ACQ.TRADE_STATUS_ERROR') return query(reference);
      throw refused('alipay.trade.close', res);
    },
    async refund(r) {
      const reference = `${r.paymentReference}:${r.idempotencyKey}`;
      const res = await call(sdk, 'alipay.trade.refund', { out_trade_no: r.paymentReference, refund_amount: fenToYuan(r.amount), out_request_no: r.idempotencyKey });
      if (res.code !== '10000') throw refused('alipay.trade.refund', res);
      // fund_change N: this request was answered before (the same out_request_no); ask how it ended.
      return res.fund_change === 'Y' ? { reference, status: 'succeeded', failureCode: null } : refundQuery(reference);
    },
    retrieveRefund: refundQuery,
    async testConnection() {
      try {
        const res = await call(sdk, 'alipay.trade.query', { out_trade_no: `connection_check_${Date.now()}` });
        // A trade that does not exist is the answer of a gateway that accepted the app id and its signature.
        if (res.code !== '10000' && res.sub_code !== 'ACQ.TRADE_NOT_EXIST') throw refused('alipay.trade.query', res);
      } catch (err) {
        if (err instanceof AlipaySignatureMismatch) throw new ProviderRefused(err.message, 'alipay_public_key_mismatch');
        throw err;
      }
    },
    wapPayUrl(r) {
      return sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: { out_trade_no: r.reference, total_amount: fenToYuan(r.amount), subject: r.subject, product_code: 'QUICK_WAP_WAY', timeout_express: TIMEOUT_EXPRESS, quit_url: r.returnUrl },
        notifyUrl,
        returnUrl: r.returnUrl,
        timestamp: beijingTimestamp(),
      });
    },
  };
}

/** Verifies an asynchronous notification's RSA2 signature with the Alipay public key (the SDK's own check). */
export function verifyAlipayNotification(params: Record<string, string>, keys: AlipayKeys): boolean {
  return alipayClient(keys).checkNotifySignV2(params);
}
