import type { MessageKind } from './kinds';

export type MailLocale = 'zh-CN' | 'en-US';
export const mailLocales: readonly MailLocale[] = ['zh-CN', 'en-US'];

/** The words of one message a store may reword: its subject and its opening paragraph. */
export type KindText = { subject: string; intro: string };

/**
 * Default texts, both languages. `{store}`, `{order}`, `{sku}`, `{reason}` and `{url}` are filled in; a
 * store's override (Settings -> Notifications) replaces the subject or the intro of one kind in
 * one language.
 */
export const defaultTexts: Record<MessageKind, Record<MailLocale, KindText>> = {
  order_confirmation: {
    'en-US': { subject: 'Order {order} confirmed', intro: 'Thank you for your order at {store}. Here is your receipt; keep the link below to follow your order.' },
    'zh-CN': { subject: '订单 {order} 已确认', intro: '感谢您在 {store} 下单。以下是您的订单凭证，请保留下方链接以随时查看订单。' },
  },
  payment_received: {
    'en-US': { subject: 'Payment received for order {order}', intro: 'We have received your payment. {store} will now prepare your order.' },
    'zh-CN': { subject: '订单 {order} 已收到付款', intro: '我们已收到您的付款，{store} 将开始为您备货。' },
  },
  order_shipped: {
    'en-US': { subject: 'Order {order} has shipped', intro: 'Good news: your order from {store} is on its way.' },
    'zh-CN': { subject: '订单 {order} 已发货', intro: '好消息：您在 {store} 的订单已发出。' },
  },
  order_delivered: {
    'en-US': { subject: 'Order {order} was delivered', intro: 'Your order from {store} was delivered. Something wrong? You can ask for a refund or a return from the order page.' },
    'zh-CN': { subject: '订单 {order} 已送达', intro: '您在 {store} 的订单已送达。如有问题，可在订单页面申请售后。' },
  },
  order_cancelled: {
    'en-US': { subject: 'Order {order} was cancelled', intro: 'Your order from {store} was cancelled. If you paid, the refund follows in a separate message.' },
    'zh-CN': { subject: '订单 {order} 已取消', intro: '您在 {store} 的订单已取消。如已付款，退款将另行通知。' },
  },
  order_refunded: {
    'en-US': { subject: 'Refund for order {order}', intro: '{store} has refunded your order. The money goes back to how you paid.' },
    'zh-CN': { subject: '订单 {order} 已退款', intro: '{store} 已为您的订单退款，款项将原路退回。' },
  },
  after_sales_received: {
    'en-US': { subject: 'We received your request for order {order}', intro: '{store} received your after-sales request and will answer it soon.' },
    'zh-CN': { subject: '已收到订单 {order} 的售后申请', intro: '{store} 已收到您的售后申请，将尽快处理。' },
  },
  after_sales_approved: {
    'en-US': { subject: 'Your request for order {order} was approved', intro: '{store} approved your after-sales request. The order page says what happens next.' },
    'zh-CN': { subject: '订单 {order} 的售后申请已通过', intro: '{store} 已同意您的售后申请，后续步骤请查看订单页面。' },
  },
  after_sales_rejected: {
    'en-US': { subject: 'Your request for order {order} was declined', intro: '{store} declined your after-sales request. Reason: {reason}' },
    'zh-CN': { subject: '订单 {order} 的售后申请未通过', intro: '{store} 未同意您的售后申请。原因：{reason}' },
  },
  after_sales_refunded: {
    'en-US': { subject: 'Refund for your request on order {order}', intro: '{store} refunded your after-sales request. The money goes back to how you paid.' },
    'zh-CN': { subject: '订单 {order} 的售后退款已完成', intro: '{store} 已完成售后退款，款项将原路退回。' },
  },
  merchant_new_order: {
    'en-US': { subject: 'New order {order}', intro: '{store} has a new order.' },
    'zh-CN': { subject: '新订单 {order}', intro: '{store} 收到一笔新订单。' },
  },
  merchant_after_sales_request: {
    'en-US': { subject: 'After-sales request on order {order}', intro: 'A shopper asked for after-sales service at {store}.' },
    'zh-CN': { subject: '订单 {order} 有新的售后申请', intro: '{store} 收到一笔售后申请。' },
  },
  merchant_low_stock: {
    'en-US': { subject: 'Low stock: {sku}', intro: 'Stock of {sku} at {store} fell to the low-stock threshold.' },
    'zh-CN': { subject: '库存不足：{sku}', intro: '{store} 的 {sku} 库存已降至预警线。' },
  },
  merchant_webhook_disabled: {
    'en-US': {
      subject: 'A webhook endpoint of {store} was disabled',
      intro: 'The receiver at {url} answered 410 Gone, so no more events are sent to it. They wait for 30 days: enable the endpoint again once the receiver is fixed.',
    },
    'zh-CN': { subject: '{store} 的一个 Webhook 端点已被停用', intro: '{url} 的接收方返回 410 Gone，事件已停止发送，将保留 30 天；修复接收方后请重新启用该端点。' },
  },
};

/** The labels every message shares. */
export const labels = {
  'en-US': {
    order: 'Order',
    item: 'Item',
    qty: 'Qty',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    tax: 'Tax',
    total: 'Total',
    refunded: 'Refunded',
    refundedTotal: 'Refunded so far',
    shipTo: 'Shipping to',
    viewOrder: 'View your order',
    openConsole: 'Open in the console',
    carrier: 'Carrier',
    tracking: 'Tracking number',
    trackShipment: 'Track the shipment',
    payBy: 'How to pay',
    payInto: 'Pay by bank transfer into',
    accountName: 'Account name',
    bank: 'Bank',
    reference: 'Reference (quote it with the transfer)',
    dueBy: 'Due by',
    storeContacts: 'The store will contact you with the payment details. Quote your order number.',
    available: 'Available',
    threshold: 'Low-stock threshold',
    endpoint: 'Endpoint',
    linkNote: 'This link opens your order without an account: do not forward it.',
    unsubscribe: 'Stop these alerts',
    why: 'You receive this because of an order at {store}.',
    whyMerchant: 'You receive this as a member of {store}.',
  },
  'zh-CN': {
    order: '订单',
    item: '商品',
    qty: '数量',
    amount: '金额',
    subtotal: '小计',
    discount: '优惠',
    shipping: '运费',
    tax: '税费',
    total: '合计',
    refunded: '退款金额',
    refundedTotal: '累计退款',
    shipTo: '收货地址',
    viewOrder: '查看订单',
    openConsole: '在后台查看',
    carrier: '承运商',
    tracking: '运单号',
    trackShipment: '查询物流',
    payBy: '付款方式',
    payInto: '请银行转账至',
    accountName: '户名',
    bank: '开户行',
    reference: '转账附言（请填写）',
    dueBy: '付款截止',
    storeContacts: '商家将与您联系并告知付款方式，请提供订单号。',
    available: '可售库存',
    threshold: '预警线',
    endpoint: '端点',
    linkNote: '此链接无需登录即可打开您的订单，请勿转发。',
    unsubscribe: '不再接收此类提醒',
    why: '您收到此邮件是因为您在 {store} 下了订单。',
    whyMerchant: '您收到此邮件是因为您是 {store} 的成员。',
  },
} satisfies Record<MailLocale, Record<string, string>>;

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
