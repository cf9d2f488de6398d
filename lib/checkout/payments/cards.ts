/**
 * Card field checks for the test card provider: Luhn, expiry, CVC. Only the brand and the last
 * four digits ever leave this module.
 */

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };
export type CardIssue = { path: string; code: string; message: string };

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^62/.test(digits)) return 'unionpay';
  if (/^6(011|5)/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  return 'unknown';
}

/** Spaces and dashes as people type them are accepted. */
export function normalizeCardNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** Problems with the fields, by path under `card`; empty when the card can be charged. */
export function validateCard(card: CardInput, now: Date): CardIssue[] {
  const issues: CardIssue[] = [];
  const digits = normalizeCardNumber(card.number);
  if (!luhnValid(digits)) issues.push({ path: 'card.number', code: 'invalid_card_number', message: 'The card number is not valid.' });
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfMonth = Date.UTC(year, card.expMonth, 1); // first instant after the expiry month
  if (!(card.expMonth >= 1 && card.expMonth <= 12) || endOfMonth <= now.getTime()) {
    issues.push({ path: 'card.expYear', code: 'card_expired', message: 'The card has expired.' });
  }
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    issues.push({ path: 'card.cvc', code: 'invalid_cvc', message: `The security code has ${cvcLength} digits.` });
  }
  return issues;
}
