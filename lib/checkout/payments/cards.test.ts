import { describe, expect, it } from 'vitest';
import { cardBrand, luhnValid, validateCard } from './cards';
import { testCardProvider, testCards } from './providers';

const now = new Date('2026-11-23T00:00:00Z');

describe('card checks', () => {
  it('accepts the documented test cards and refuses a broken Luhn digit', () => {
    for (const n of Object.values(testCards)) expect(luhnValid(n)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand(testCards.success)).toBe('visa');
  });

  it('refuses an expired card and a short CVC, keeps the current month valid', () => {
    expect(validateCard({ number: testCards.success, expMonth: 10, expYear: 2026, cvc: '123' }, now).map((i) => i.code)).toEqual(['card_expired']);
    expect(validateCard({ number: testCards.success, expMonth: 11, expYear: 26, cvc: '123' }, now)).toEqual([]);
    expect(validateCard({ number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '12' }, now).map((i) => i.code)).toEqual(['invalid_cvc']);
  });

  it('charges by number: success, decline, insufficient funds, never echoing more than the last 4', async () => {
    const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });
    const base = { sessionId: 'cs_abcdefghijklmnopqrstuvwxyz', amount: 100, currency: 'USD', livemode: false };
    expect(await testCardProvider.charge({ ...base, card: card(testCards.success) })).toMatchObject({ outcome: 'succeeded', card: { last4: '4242' } });
    expect(await testCardProvider.charge({ ...base, card: card(testCards.declined) })).toMatchObject({ outcome: 'declined', code: 'card_declined' });
    expect(await testCardProvider.charge({ ...base, card: card(testCards.insufficientFunds) })).toMatchObject({ code: 'insufficient_funds' });
    expect(testCardProvider.availableFor({ livemode: true })).toBe(false);
  });
});
