import type { Locale } from '@/lib/schemas/common';

const en = {
  title: 'How to pay',
  transferIntro: 'Pay by bank transfer to this account, quoting your order number:',
  bank: 'Bank',
  accountName: 'Account holder',
  account: 'Account',
  reference: 'Reference',
  deadline: 'Pay by',
  withinDays: (n: number) => `within ${n} ${n === 1 ? 'day' : 'days'} of your order`,
  onDelivery: 'Or pay when your order is delivered.',
  storeContacts: 'The store will contact you with payment instructions (bank transfer or payment on delivery).',
  quoteReference: (n: string) => `Your order number ${n} is the payment reference.`,
};

const zh: typeof en = {
  title: '付款说明',
  transferIntro: '请通过银行转账付款至以下账户，并在附言中填写订单号：',
  bank: '开户银行',
  accountName: '户名',
  account: '账号',
  reference: '附言（订单号）',
  deadline: '付款截止',
  withinDays: (n) => `下单后 ${n} 天内`,
  onDelivery: '也可以在收货时付款。',
  storeContacts: '商家会联系您并告知付款方式（银行转账或货到付款）。',
  quoteReference: (n) => `付款时请注明订单号 ${n}。`,
};

export function paymentInstructionsText(locale: Locale) {
  return locale === 'zh-CN' ? zh : en;
}
