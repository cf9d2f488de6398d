/** Amounts as merchants type them ("9.99", "100") and minor units (both markets' currencies have two decimals). */
const AMOUNT = /^\d{1,9}(?:[.,]\d{1,2})?$/;

/** Minor units of a typed amount, or null when it is not one. */
export function parseAmount(value: string): number | null {
  const v = value.trim();
  if (!AMOUNT.test(v)) return null;
  const [whole, fraction = ''] = v.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Minor units as the form shows them: "9.99". */
export function amountInput(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
