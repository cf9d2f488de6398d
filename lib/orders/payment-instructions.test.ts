import { describe, expect, it } from 'vitest';
import { parseConfig } from '../platform/config';
import { bankTransferAccount, manualPaymentInstructions } from './payment-instructions';

const order = { number: 'SC-20261125-0001', createdAt: '2026-11-25T16:00:00.000Z' };

describe('manual payment instructions', () => {
  it('without BANK_TRANSFER_ACCOUNT: no account, the store contacts the shopper, the order number is the reference', () => {
    const c = parseConfig({});
    expect(bankTransferAccount(c)).toBeNull();
    expect(manualPaymentInstructions(order, c)).toEqual({ kind: 'store_contacts_shopper', reference: 'SC-20261125-0001' });
  });

  it('with an account: the account, the order number as reference, due BANK_TRANSFER_DAYS after the order', () => {
    const c = parseConfig({ BANK_TRANSFER_ACCOUNT: 'DE89 3704 0044 0532 0130 00', BANK_TRANSFER_ACCOUNT_NAME: 'Lumen Audio LLC', BANK_TRANSFER_BANK: 'Example Bank', BANK_TRANSFER_DAYS: '3' });
    expect(manualPaymentInstructions(order, c)).toEqual({
      kind: 'bank_transfer',
      account: { account: 'DE89 3704 0044 0532 0130 00', accountName: 'Lumen Audio LLC', bank: 'Example Bank', days: 3 },
      reference: 'SC-20261125-0001',
      dueAt: '2026-11-28T16:00:00.000Z',
    });
    expect(parseConfig({ BANK_TRANSFER_ACCOUNT: '123' }).BANK_TRANSFER_DAYS).toBe(7);
  });

  it('refuses a deadline outside 1 to 60 days', () => {
    expect(() => parseConfig({ BANK_TRANSFER_DAYS: '0' })).toThrow(/BANK_TRANSFER_DAYS/);
    expect(() => parseConfig({ BANK_TRANSFER_DAYS: '61' })).toThrow(/BANK_TRANSFER_DAYS/);
  });
});
