/**
 * Tax rates in parts per million (see rounding.ts). These are the published statewide base
 * rates for 2026; county and city add-ons are not modelled, so a US quote's tax is the state
 * share only. The five states without a general sales tax are listed at zero so that every
 * accepted state code has an entry.
 */
export const usStateSalesTaxPpm = {
  AL: 40_000, AK: 0, AZ: 56_000, AR: 65_000, CA: 72_500, CO: 29_000, CT: 63_500, DE: 0,
  DC: 60_000, FL: 60_000, GA: 40_000, HI: 40_000, ID: 60_000, IL: 62_500, IN: 70_000,
  IA: 60_000, KS: 65_000, KY: 60_000, LA: 50_000, ME: 55_000, MD: 60_000, MA: 62_500,
  MI: 60_000, MN: 68_750, MS: 70_000, MO: 42_250, MT: 0, NE: 55_000, NV: 68_500, NH: 0,
  NJ: 66_250, NM: 48_750, NY: 40_000, NC: 47_500, ND: 50_000, OH: 57_500, OK: 45_000,
  OR: 0, PA: 60_000, RI: 70_000, SC: 60_000, SD: 42_000, TN: 70_000, TX: 62_500, UT: 61_000,
  VT: 60_000, VA: 53_000, WA: 65_000, WV: 60_000, WI: 50_000, WY: 40_000,
} as const satisfies Record<string, number>;

export type UsStateCode = keyof typeof usStateSalesTaxPpm;
export const usStateCodes = Object.keys(usStateSalesTaxPpm) as UsStateCode[];

export function isUsStateCode(code: string): code is UsStateCode {
  return Object.hasOwn(usStateSalesTaxPpm, code);
}

/**
 * China's VAT, included in every CNY price: 13% on goods, 6% on digital (software and
 * content services), 9% on transport, which is what a shipping fee is.
 */
export const cnVatPpm = { physical: 130_000, digital: 60_000, shipping: 90_000 } as const;
