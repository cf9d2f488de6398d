import { z } from 'zod';

/** RFC 5321's limit on an address in a mail path; anything longer cannot be delivered to. */
export const EMAIL_MAX = 254;

/**
 * The shopper's e-mail as the checkout takes it: line breaks and NUL refused before anything else
 * (the address will head mail, where a CR or LF injects headers), then trimmed, at most 254
 * characters, the syntax checked by zod's e-mail rule, and the domain lower-cased (it is
 * case-insensitive; the local part is kept as typed, which some hosts distinguish).
 */
export const Email = z
  .string()
  .refine((s) => !/[\r\n\u0000]/.test(s), { message: 'must not contain line breaks or NUL characters', abort: true })
  .trim()
  .min(1, 'enter an e-mail address')
  .max(EMAIL_MAX, `at most ${EMAIL_MAX} characters`)
  .pipe(z.email('not a valid e-mail address, e.g. name@example.com'))
  .transform(normalizeEmail)
  .meta({
    override: ({ jsonSchema }) => {
      Object.assign(jsonSchema, { type: 'string', format: 'email', maxLength: EMAIL_MAX });
    },
  });

/** The address with its domain lower-cased (after the last @, as only that one separates the domain). */
export function normalizeEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? email : `${email.slice(0, at)}${email.slice(at).toLowerCase()}`;
}

/**
 * The address where it is shown beyond the merchant (the shared order page, the shopper-facing
 * API): the local part's first character and `***`, the domain whole. j***@example.com; a
 * one-character local part shows as j*** too, so the mask never gives the whole address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${[...email.slice(0, at)][0]}***${email.slice(at)}`;
}
