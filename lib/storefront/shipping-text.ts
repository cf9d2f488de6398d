import type { FreeShippingNotice } from '../carts/store-shipping';
import type { Locale } from '../schemas/common';
import { formatMoney } from './format';

/**
 * The free-shipping notice and the cart's progress line, written from the store's shipping rule
 * (never typed by hand), so what shoppers are told is the threshold they are charged by. US
 * thresholds count the merchandise before sales tax, and say so.
 */
export function shippingText(locale: Locale) {
  const money = (amount: number, n: FreeShippingNotice) => formatMoney({ amount, currency: n.currency }, locale);
  return locale === 'zh-CN'
    ? {
        notice: (n: FreeShippingNotice) => `订单满 ${money(n.freeOverAmount, n)}${n.taxInclusive ? ' ' : '（税前）'}免运费`,
        short: (remaining: number, n: FreeShippingNotice) => `再购 ${money(remaining, n)} 即可免运费（满 ${money(n.freeOverAmount, n)}${n.taxInclusive ? '' : '，税前'}）。`,
        free: (n: FreeShippingNotice) => `订单已满 ${money(n.freeOverAmount, n)}，免运费。`,
        label: '运费优惠',
      }
    : {
        notice: (n: FreeShippingNotice) => `Free shipping on orders of ${money(n.freeOverAmount, n)} or more${n.taxInclusive ? '' : ' (before tax)'}`,
        short: (remaining: number, n: FreeShippingNotice) =>
          `Add ${money(remaining, n)} more for free shipping (orders of ${money(n.freeOverAmount, n)} or more${n.taxInclusive ? '' : ' before tax'}).`,
        free: (n: FreeShippingNotice) => `Your order ships free (orders of ${money(n.freeOverAmount, n)} or more).`,
        label: 'Shipping offer',
      };
}
