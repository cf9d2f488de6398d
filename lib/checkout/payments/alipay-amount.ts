/**
 * Alipay's amounts: `total_amount` and `refund_amount` are CNY yuan strings with exactly two
 * decimals ("0.01" to "100000000.00"), while the project keeps integer fen. Converted here with
 * integer arithmetic only (no floats anywhere), both ways; the fake gateway in the tests uses the
 * same grammar to refuse what Alipay refuses.
 */

/** Alipay's grammar of an amount: digits, a point, exactly two decimals, no sign, no leading zeros. */
export const ALIPAY_AMOUNT = /^(0|[1-9]\d{0,8})\.\d{2}$/;

/** Integer fen -> "12.34". Throws for anything that is not a non-negative safe integer. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount of fen: ${fen}`);
  const s = String(fen).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** "12.34" -> 1234; null when the string is not Alipay's two-decimal form. */
export function yuanToFen(yuan: string): number | null {
  if (!ALIPAY_AMOUNT.test(yuan)) return null;
  const [whole, cents] = yuan.split('.') as [string, string];
  return Number(whole) * 100 + Number(cents);
}
