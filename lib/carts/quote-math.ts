import type { Market } from '../schemas/common';
import { PPM, mulDivHalfUp } from './rounding';
import { type ShippingRule, shippingAmount } from './shipping';
import { type UsStateCode, cnVatPpm, usStateSalesTaxPpm } from './tax-rates';

export type ProductKind = 'physical' | 'digital';

export type QuoteLineInput = { skuId: string; kind: ProductKind; quantity: number; unitAmount: number };

export type QuoteMathInput = {
  market: Market;
  lines: readonly QuoteLineInput[];
  shipping: ShippingRule;
  /** The state of the US shipping address; null when the cart has no address yet. */
  usState: UsStateCode | null;
};

export type QuoteLineAmounts = {
  skuId: string;
  quantity: number;
  unitAmount: number;
  /** unitAmount x quantity */
  subtotal: number;
  /** Tax on the line: added on top in US, the share already inside the price in CN. */
  tax: number;
  /** What the line adds to the total: subtotal plus tax in US, subtotal in CN. */
  total: number;
};

export type QuoteAmounts = {
  taxInclusive: boolean;
  /** True when tax could not be computed for want of an address (US without one). */
  taxEstimated: boolean;
  lines: QuoteLineAmounts[];
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  /** The tax inside (CN) or on top of (US) the shipping fee; part of taxTotal. */
  shippingTax: number;
  taxTotal: number;
  total: number;
};

/**
 * The arithmetic of a checkout quote, in integer minor units only.
 *
 * Rounding: tax is computed per line (and on shipping in CN) as round-half-up of
 * amount x rate, then summed, so line taxes always add up to taxTotal exactly.
 * - CN prices include VAT: tax = round(gross x r / (1 + r)); total = subtotal - discountTotal + shippingTotal.
 * - US prices exclude sales tax: tax = round(net x r) at the state rate, shipping untaxed;
 *   total = subtotal - discountTotal + shippingTotal + taxTotal.
 * No promotions exist yet, so discountTotal is zero; it stands in every formula so that
 * discounts slot in without changing the contract.
 */
export function computeQuoteAmounts(input: QuoteMathInput): QuoteAmounts {
  const taxInclusive = input.market === 'CN';
  const discountTotal = 0;
  const lines = input.lines.map((l): QuoteLineAmounts => {
    const subtotal = l.unitAmount * l.quantity;
    const tax = lineTax(input, l.kind, subtotal);
    return { skuId: l.skuId, quantity: l.quantity, unitAmount: l.unitAmount, subtotal, tax, total: taxInclusive ? subtotal : subtotal + tax };
  });
  const subtotal = sum(lines.map((l) => l.subtotal));
  const hasPhysical = input.lines.some((l) => l.kind === 'physical');
  const shippingTotal = shippingAmount(input.shipping, hasPhysical, subtotal - discountTotal);
  const shippingTax = taxInclusive ? mulDivHalfUp(shippingTotal, cnVatPpm.shipping, PPM + cnVatPpm.shipping) : 0;
  const taxTotal = sum(lines.map((l) => l.tax)) + shippingTax;
  const total = taxInclusive
    ? subtotal - discountTotal + shippingTotal
    : subtotal - discountTotal + shippingTotal + taxTotal;
  return {
    taxInclusive,
    taxEstimated: !taxInclusive && input.usState === null,
    lines,
    subtotal,
    discountTotal,
    shippingTotal,
    shippingTax,
    taxTotal,
    total,
  };
}

function lineTax(input: QuoteMathInput, kind: ProductKind, amount: number): number {
  if (input.market === 'CN') {
    const rate = cnVatPpm[kind];
    return mulDivHalfUp(amount, rate, PPM + rate);
  }
  return input.usState === null ? 0 : mulDivHalfUp(amount, usStateSalesTaxPpm[input.usState], PPM);
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
