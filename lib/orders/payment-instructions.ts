import { type Config, config } from '../platform/config';

/** The deployment's bank account for manual payments (BANK_TRANSFER_*), or null when none is configured. */
export type BankTransferAccount = { account: string; accountName: string | null; bank: string | null; days: number };

/** What an order awaiting a manual payment tells the shopper: the account, the reference, the deadline; or nothing invented. */
export type ManualPaymentInstructions =
  | { kind: 'bank_transfer'; account: BankTransferAccount; reference: string; dueAt: string }
  | { kind: 'store_contacts_shopper'; reference: string };

type BankConfig = Pick<Config, 'BANK_TRANSFER_ACCOUNT' | 'BANK_TRANSFER_ACCOUNT_NAME' | 'BANK_TRANSFER_BANK' | 'BANK_TRANSFER_DAYS'>;

export function bankTransferAccount(c: BankConfig = config()): BankTransferAccount | null {
  if (!c.BANK_TRANSFER_ACCOUNT) return null;
  return { account: c.BANK_TRANSFER_ACCOUNT, accountName: c.BANK_TRANSFER_ACCOUNT_NAME ?? null, bank: c.BANK_TRANSFER_BANK ?? null, days: c.BANK_TRANSFER_DAYS };
}

/**
 * The instructions for an order placed with the manual method (bank transfer or pay on delivery):
 * with an account configured, pay into it quoting the order number before the order is
 * BANK_TRANSFER_DAYS old; without one, the store will contact the shopper (no account is made up).
 */
export function manualPaymentInstructions(order: { number: string; createdAt: string }, c: BankConfig = config()): ManualPaymentInstructions {
  const account = bankTransferAccount(c);
  if (!account) return { kind: 'store_contacts_shopper', reference: order.number };
  const dueAt = new Date(new Date(order.createdAt).getTime() + account.days * 86_400_000).toISOString();
  return { kind: 'bank_transfer', account, reference: order.number, dueAt };
}
