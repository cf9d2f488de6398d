import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';

/**
 * A STRICT local fake of the Alipay open platform gateway (v2, `gateway.do`), for the official
 * `alipay-sdk` pointed at it (ALIPAY_GATEWAY). Shaped after Alipay's published API reference
 * (opendocs.alipay.com: 公共参数, 签名与验签, alipay.trade.precreate / wap.pay / query / close /
 * refund / fastpay.refund.query, 异步通知): the same request parameters, response envelopes
 * (`<method>_response` and `sign`), codes (10000, 40001, 40002, 40004 with sub_code) and RSA2
 * signatures both ways, with keys generated for the run:
 *
 * - every request's signature is verified with the app public key over the sorted `k=v` of all
 *   parameters but `sign` (isv.invalid-signature), from the registered app id (isv.invalid-app-id),
 *   with charset utf-8, sign_type RSA2, version 1.0 and a timestamp within 15 minutes;
 * - biz_content is JSON with the method's required fields; amounts are yuan strings with exactly
 *   two decimals between 0.01 and 100000000.00; out_trade_no is at most 64 letters, digits or
 *   underscores; a precreate repeated with another amount is ACQ.CONTEXT_INCONSISTENT; a refund
 *   above what is left of the trade is ACQ.REFUND_AMT_NOT_EQUAL_TOTAL, and one out_request_no
 *   reused for another amount is refused; a precreated trade exists (query, close) only once its
 *   QR code was scanned, as at Alipay;
 * - every response is signed with the Alipay private key; notifications are form-encoded and
 *   signed as Alipay signs them (all parameters but `sign` and `sign_type`, sorted, raw values).
 *
 * `scan(outTradeNo)` is the shopper scanning the QR code and paying: the trade succeeds and its
 * signed notification is POSTed to the trade's notify_url (or handed to `deliver`). The same is
 * reachable over HTTP for another process (a browser journey): POST /__control/scan with
 * `{ outTradeNo, times }`, POST /__control/close with `{ outTradeNo }` (`closeUnpaid`: the trade
 * timed out unpaid), GET /__control/trades. `outage` makes every gateway request answer 500
 * or never answer. Run standalone: `npx tsx tests/helpers/fake-alipay.ts <port> <keys.json>`.
 */

export type FakeTrade = {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string | null;
  /** Scanned (or opened on a phone): the trade exists at Alipay from then on. */
  scanned: boolean;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
  qrCode: string;
  refunds: Map<string, { amount: string; fen: number }>;
  refundedFen: number;
};

export type FakeAlipayKeys = { appId: string; appPrivateKey: string; appPublicKey: string; alipayPrivateKey: string; alipayPublicKey: string };

export type Delivery = { status: number; body: string };

export type FakeAlipay = {
  url: string;
  gateway: string;
  keys: FakeAlipayKeys;
  trades: Map<string, FakeTrade>;
  /** Every gateway request: its method, common parameters, biz_content, and the answer's code. */
  requests: { method: string; params: Record<string, string>; biz: Record<string, unknown>; code: string; subCode: string | null }[];
  outage: null | '500' | 'timeout';
  /** The shopper pays: the trade succeeds; its notification is sent `times` times (to `deliver` or the notify_url). */
  scan(outTradeNo: string, opts?: { times?: number; deliver?: (form: string) => Promise<Delivery> }): Promise<Delivery[]>;
  /** The shopper scanned but never paid: Alipay closes the trade at its timeout and notifies TRADE_CLOSED (to `deliver` or the notify_url). */
  closeUnpaid(outTradeNo: string, opts?: { deliver?: (form: string) => Promise<Delivery> }): Promise<Delivery[]>;
  /** A notification body for a trade, signed with `privateKey` (default: the Alipay private key). */
  notification(outTradeNo: string, overrides?: Record<string, string>, privateKey?: string): string;
  close(): Promise<void>;
};

const pem = (k: { privateKey: string; publicKey: string }) => k;
export function generateAlipayKeys(): FakeAlipayKeys {
  const app = pem(generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } }));
  const alipay = pem(generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } }));
  return {
    appId: `2021${String(randomBytes(6).readUIntBE(0, 6)).padStart(12, '0').slice(-12)}`,
    appPrivateKey: app.privateKey,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
    alipayPublicKey: alipay.publicKey,
  };
}

const AMOUNT = /^(0|[1-9]\d{0,8})\.\d{2}$/;
const TRADE_NO = /^[A-Za-z0-9_]{1,64}$/;
const fen = (yuan: string) => Number(yuan.split('.')[0]) * 100 + Number(yuan.split('.')[1]);
const yuan = (f: number) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`;
const now = () => new Date(Date.now() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19); // Beijing time, as Alipay writes it

function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}
function rsa2Verify(content: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Alipay's content to sign: every non-empty parameter but the excluded ones, sorted by name, `k=v` joined by `&`. */
export function alipaySignContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

class Refusal {
  constructor(
    readonly code: string,
    readonly msg: string,
    readonly subCode: string,
    readonly subMsg: string,
  ) {}
}
const invalid = (subCode: string, subMsg: string) => new Refusal('40002', 'Invalid Arguments', subCode, subMsg);
const missing = (subCode: string, subMsg: string) => new Refusal('40001', 'Missing Required Arguments', subCode, subMsg);
const business = (subCode: string, subMsg: string) => new Refusal('40004', 'Business Failed', subCode, subMsg);

export async function startFakeAlipay(opts: { port?: number; keys?: FakeAlipayKeys } = {}): Promise<FakeAlipay> {
  const keys = opts.keys ?? generateAlipayKeys();
  const sockets = new Set<import('node:net').Socket>();

  const fake: FakeAlipay = {
    url: '',
    gateway: '',
    keys,
    trades: new Map(),
    requests: [],
    outage: null,
    notification(outTradeNo, overrides = {}, privateKey = keys.alipayPrivateKey) {
      const t = fake.trades.get(outTradeNo);
      if (!t) throw new Error(`no trade ${outTradeNo}`);
      const params: Record<string, string> = {
        notify_time: now(),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        app_id: keys.appId,
        auth_app_id: keys.appId,
        trade_no: t.tradeNo,
        out_trade_no: t.outTradeNo,
        buyer_id: '2088102177846880',
        buyer_logon_id: 'csq***@sandbox.com',
        seller_id: '2088101568358171',
        trade_status: t.status,
        total_amount: t.totalAmount,
        receipt_amount: t.totalAmount,
        buyer_pay_amount: t.totalAmount,
        invoice_amount: t.totalAmount,
        subject: t.subject,
        gmt_create: now(),
        gmt_payment: now(),
        fund_bill_list: JSON.stringify([{ amount: t.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
        ...overrides,
      };
      params.sign = rsa2Sign(alipaySignContent(params, ['sign', 'sign_type']), privateKey);
      return new URLSearchParams(params).toString();
    },
    scan: (outTradeNo, { times = 1, deliver } = {}) => settle(outTradeNo, 'TRADE_SUCCESS', times, deliver),
    closeUnpaid: (outTradeNo, { deliver } = {}) => settle(outTradeNo, 'TRADE_CLOSED', 1, deliver),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  /** A waiting trade is scanned and ends in `status`; its notification is sent `times` times. */
  async function settle(outTradeNo: string, status: 'TRADE_SUCCESS' | 'TRADE_CLOSED', times: number, deliver?: (form: string) => Promise<Delivery>) {
    const t = fake.trades.get(outTradeNo);
    if (!t) throw new Error(`no trade ${outTradeNo}`);
    if (t.status !== 'WAIT_BUYER_PAY') throw new Error(`trade ${outTradeNo} is ${t.status}: it cannot be paid or closed`);
    t.scanned = true;
    t.status = status;
    const body = fake.notification(outTradeNo, status === 'TRADE_CLOSED' ? { gmt_close: now() } : {});
    const send =
      deliver ??
      (async (form: string) => {
        if (!t.notifyUrl) throw new Error(`trade ${outTradeNo} has no notify_url`);
        const r = await fetch(t.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: form });
        return { status: r.status, body: await r.text() };
      });
    const out: Delivery[] = [];
    // Alipay sends the same notification again until it reads `success`; `times` > 1 repeats it regardless.
    for (let i = 0; i < times; i++) out.push(await send(body));
    return out;
  }

  function respond(res: ServerResponse, method: string, content: Record<string, unknown>) {
    const json = JSON.stringify(content);
    const key = `${method.replaceAll('.', '_')}_response`;
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8', trace_id: randomBytes(8).toString('hex') });
    res.end(`{"${key}":${json},"sign":"${rsa2Sign(json, keys.alipayPrivateKey)}"}`);
  }

  /** The common parameters and the signature: what the gateway checks before any method. */
  function checkCommon(params: Record<string, string>, expectedMethod: string | null): Record<string, unknown> {
    if (!params.app_id) throw missing('isv.missing-app-id', '缺少AppID参数');
    if (params.app_id !== keys.appId) throw invalid('isv.invalid-app-id', '无效的AppID参数');
    if (!params.method) throw missing('isv.missing-method', '缺少方法名参数');
    if (expectedMethod && params.method !== expectedMethod) throw invalid('isv.invalid-method', '不存在的方法名');
    if (params.charset !== 'utf-8') throw invalid('isv.invalid-charset', '字符集错误');
    if (params.sign_type !== 'RSA2') throw invalid('isv.invalid-signature-type', '无效的签名类型');
    if (params.version !== '1.0') throw invalid('isv.invalid-parameter', 'version 参数无效');
    if (!params.timestamp) throw missing('isv.missing-timestamp', '缺少时间戳参数');
    // Alipay reads it as Beijing time (UTC+8), whatever the caller's zone: within 15 minutes of now.
    const skew = Math.abs(Date.parse(`${params.timestamp.replace(' ', 'T')}+08:00`) - Date.now());
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp) || !(skew < 15 * 60_000)) {
      throw invalid('isv.invalid-timestamp', '非法的时间戳参数');
    }
    if (!params.sign) throw missing('isv.missing-signature', '缺少签名参数');
    if (!rsa2Verify(alipaySignContent(params, ['sign']), params.sign, keys.appPublicKey)) throw invalid('isv.invalid-signature', '验签出错');
    if (!params.biz_content) throw missing('isv.missing-biz-content', '缺少业务参数');
    try {
      const biz = JSON.parse(params.biz_content) as unknown;
      if (typeof biz !== 'object' || biz === null || Array.isArray(biz)) throw new Error('not an object');
      return biz as Record<string, unknown>;
    } catch {
      throw invalid('isv.invalid-parameter', 'biz_content 不是合法的 JSON 对象');
    }
  }

  const str = (biz: Record<string, unknown>, name: string, max: number, required = true): string | null => {
    const v = biz[name];
    if (v === undefined || v === null || v === '') {
      if (required) throw missing('isv.missing-parameter', `缺少必选参数 ${name}`);
      return null;
    }
    if (typeof v !== 'string' || v.length > max) throw invalid('isv.invalid-parameter', `参数 ${name} 无效`);
    return v;
  };
  const amount = (biz: Record<string, unknown>, name: string): string => {
    const v = str(biz, name, 12)!;
    if (!AMOUNT.test(v) || fen(v) < 1 || fen(v) > 10_000_000_000) throw invalid('isv.invalid-parameter', `参数 ${name} 格式错误，金额为元，精确到小数点后两位，取值范围[0.01,100000000]`);
    return v;
  };
  const tradeOf = (biz: Record<string, unknown>, mustExist: boolean): FakeTrade => {
    const outTradeNo = str(biz, 'out_trade_no', 64, !biz.trade_no);
    const t = outTradeNo ? fake.trades.get(outTradeNo) : [...fake.trades.values()].find((x) => x.tradeNo === biz.trade_no);
    // A precreated trade exists only once its QR code is scanned.
    if (!t || (mustExist && !t.scanned)) throw business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    return t;
  };
  function newTrade(biz: Record<string, unknown>, notifyUrl: string | null): FakeTrade {
    const outTradeNo = str(biz, 'out_trade_no', 64)!;
    if (!TRADE_NO.test(outTradeNo)) throw invalid('isv.invalid-parameter', 'out_trade_no 只能包含字母、数字、下划线');
    const totalAmount = amount(biz, 'total_amount');
    const subject = str(biz, 'subject', 256)!;
    if (/[/=&]/.test(subject)) throw invalid('isv.invalid-parameter', 'subject 不可包含特殊字符 / = &');
    const existing = fake.trades.get(outTradeNo);
    if (existing) {
      if (existing.status === 'TRADE_SUCCESS' || existing.status === 'TRADE_FINISHED') throw business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
      if (existing.status === 'TRADE_CLOSED') throw business('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
      if (existing.totalAmount !== totalAmount || existing.subject !== subject) throw business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
      if (notifyUrl) existing.notifyUrl = notifyUrl;
      return existing;
    }
    const t: FakeTrade = {
      outTradeNo,
      tradeNo: `2026${Date.now()}${randomBytes(4).toString('hex')}`,
      totalAmount,
      subject,
      notifyUrl,
      scanned: false,
      status: 'WAIT_BUYER_PAY',
      qrCode: `https://qr.alipay.com/bax0${randomBytes(12).toString('hex')}`,
      refunds: new Map(),
      refundedFen: 0,
    };
    fake.trades.set(outTradeNo, t);
    return t;
  }

  const methods: Record<string, (biz: Record<string, unknown>, params: Record<string, string>) => Record<string, unknown>> = {
    'alipay.trade.precreate': (biz, params) => {
      const t = newTrade(biz, params.notify_url ?? null);
      return { out_trade_no: t.outTradeNo, qr_code: t.qrCode };
    },
    'alipay.trade.query': (biz) => {
      const t = tradeOf(biz, true);
      return { trade_no: t.tradeNo, out_trade_no: t.outTradeNo, buyer_logon_id: 'csq***@sandbox.com', trade_status: t.status, total_amount: t.totalAmount, buyer_pay_amount: t.status === 'WAIT_BUYER_PAY' ? '0.00' : t.totalAmount };
    },
    'alipay.trade.close': (biz) => {
      const t = tradeOf(biz, false);
      if (!t.scanned) {
        // Nothing exists at Alipay yet; its QR code can no longer be paid.
        t.status = 'TRADE_CLOSED';
        throw business('ACQ.TRADE_NOT_EXIST', '交易不存在');
      }
      if (t.status !== 'WAIT_BUYER_PAY') throw business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      t.status = 'TRADE_CLOSED';
      return { trade_no: t.tradeNo, out_trade_no: t.outTradeNo };
    },
    'alipay.trade.refund': (biz) => {
      const t = tradeOf(biz, true);
      const refundAmount = amount(biz, 'refund_amount');
      const outRequestNo = str(biz, 'out_request_no', 64)!;
      const previous = t.refunds.get(outRequestNo);
      if (previous) {
        if (previous.amount !== refundAmount) throw business('ACQ.REQUEST_AMOUNT_EXCEED', '请求退款金额与原请求不一致');
        return { trade_no: t.tradeNo, out_trade_no: t.outTradeNo, buyer_logon_id: 'csq***@sandbox.com', fund_change: 'N', refund_fee: yuan(t.refundedFen) };
      }
      if (t.status !== 'TRADE_SUCCESS') throw business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      if (t.refundedFen + fen(refundAmount) > fen(t.totalAmount)) throw business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      t.refunds.set(outRequestNo, { amount: refundAmount, fen: fen(refundAmount) });
      t.refundedFen += fen(refundAmount);
      if (t.refundedFen === fen(t.totalAmount)) t.status = 'TRADE_CLOSED';
      return { trade_no: t.tradeNo, out_trade_no: t.outTradeNo, buyer_logon_id: 'csq***@sandbox.com', fund_change: 'Y', refund_fee: yuan(t.refundedFen), gmt_refund_pay: now() };
    },
    'alipay.trade.fastpay.refund.query': (biz) => {
      const t = tradeOf(biz, true);
      const outRequestNo = str(biz, 'out_request_no', 64)!;
      const r = t.refunds.get(outRequestNo);
      // An unknown refund request answers 10000 without refund_status (Alipay's documented answer).
      return r
        ? { trade_no: t.tradeNo, out_trade_no: t.outTradeNo, out_request_no: outRequestNo, total_amount: t.totalAmount, refund_amount: r.amount, refund_status: 'REFUND_SUCCESS' }
        : { trade_no: t.tradeNo, out_trade_no: t.outTradeNo, out_request_no: outRequestNo };
    },
  };

  async function gatewayRequest(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (fake.outage === 'timeout') return; // never answers
    if (fake.outage === '500') {
      res.writeHead(500, { 'content-type': 'text/html' });
      return res.end('<html><body>502 Bad Gateway</body></html>');
    }
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') for (const [k, v] of new URLSearchParams(await readBody(req))) params[k] = v;
    const method = params.method ?? '';
    if (method === 'alipay.trade.wap.pay') return wapPay(res, params);
    let biz: Record<string, unknown> = {};
    try {
      if (!methods[method]) {
        checkCommon(params, null);
        throw invalid('isv.invalid-method', '不存在的方法名');
      }
      biz = checkCommon(params, method);
      const out = methods[method]!(biz, params);
      fake.requests.push({ method, params, biz, code: '10000', subCode: null });
      respond(res, method || 'error', { code: '10000', msg: 'Success', ...out });
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      fake.requests.push({ method, params, biz, code: err.code, subCode: err.subCode });
      respond(res, method || 'error', { code: err.code, msg: err.msg, sub_code: err.subCode, sub_msg: err.subMsg });
    }
  }

  /** alipay.trade.wap.pay: the shopper's browser arrives (GET, every parameter in the URL); Alipay's H5 cashier is a page. */
  function wapPay(res: ServerResponse, params: Record<string, string>) {
    const page = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>支付宝 (fake)</title></head><body><main><h1>支付宝</h1><p data-testid="alipay-cashier">${text}</p></main></body></html>`);
    };
    try {
      const biz = checkCommon(params, 'alipay.trade.wap.pay');
      if (biz.product_code !== 'QUICK_WAP_WAY') throw invalid('isv.invalid-parameter', 'product_code 必须为 QUICK_WAP_WAY');
      const t = newTrade(biz, params.notify_url ?? null);
      t.scanned = true;
      fake.requests.push({ method: 'alipay.trade.wap.pay', params, biz, code: '10000', subCode: null });
      page(200, `${t.subject} ¥${t.totalAmount}`);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      fake.requests.push({ method: 'alipay.trade.wap.pay', params, biz: {}, code: err.code, subCode: err.subCode });
      page(400, `${err.subCode}: ${err.subMsg}`);
    }
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/__control/trades') {
      return json(200, [...fake.trades.values()].map((t) => ({ ...t, refunds: [...t.refunds.entries()] })));
    }
    if (req.method === 'POST' && (url.pathname === '/__control/scan' || url.pathname === '/__control/close')) {
      const { outTradeNo, times } = JSON.parse(await readBody(req)) as { outTradeNo?: string; times?: number };
      const t = outTradeNo ? fake.trades.get(outTradeNo) : [...fake.trades.values()].filter((x) => x.status === 'WAIT_BUYER_PAY').at(-1);
      if (!t) return json(404, { error: 'no such trade waiting' });
      const deliveries = url.pathname === '/__control/scan' ? await fake.scan(t.outTradeNo, { times }) : await fake.closeUnpaid(t.outTradeNo);
      return json(200, { outTradeNo: t.outTradeNo, deliveries });
    }
    return json(404, { error: 'unknown control call' });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const handle = url.pathname.startsWith('/__control/') ? control(req, res, url) : url.pathname === '/gateway.do' ? gatewayRequest(req, res, url) : Promise.resolve(res.writeHead(404).end());
    handle.catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // Its clients (the app's provider SDK, the tests' fetch) close idle kept-alive connections first, as
  // the real service's long idle timeout lets them: with Node's 5 s, a request on a connection idle
  // for about that long met "other side closed" (two CI runs on one host, timers late).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.gateway = `${fake.url}/gateway.do`;
  return fake;
}

// Standalone: `tsx tests/helpers/fake-alipay.ts <port> [keys.json]` serves until killed, writing its keys to keys.json.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { writeFileSync } = await import('node:fs');
  const fake = await startFakeAlipay({ port: Number(process.argv[2] ?? 0) });
  if (process.argv[3]) writeFileSync(process.argv[3], JSON.stringify(fake.keys), { mode: 0o600 });
  console.log(`fake Alipay gateway at ${fake.gateway}`);
}
