import { describe, expect, it } from 'vitest';
import { ServiceError } from '../core/errors';
import { addressHash, normalizeAddress } from './address';
import { assertAddressTokenCurrent, isAddressTokenCurrent, issueAddressToken } from './address-token';

function failure(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected an ServiceError');
}

describe('normalizeAddress (CN)', () => {
  it('canonicalizes province names, phone numbers and full-width characters', () => {
    const a = normalizeAddress(
      {
        country: 'CN',
        recipient: '  张三 ',
        phone: '+86 138-0013-8000',
        province: '广东',
        city: '深圳市',
        district: '南山区',
        detail: '科技园路　１２号　Ａ座',
        postalCode: '５１８０５７',
      },
      'CN',
    );
    expect(a).toEqual({
      country: 'CN',
      recipient: '张三',
      phone: '13800138000',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '科技园路 12号 A座',
      postalCode: '518057',
    });
    expect(normalizeAddress({ ...baseCn, province: 'Guangdong' }, 'CN')).toMatchObject({ province: '广东省', postalCode: null });
  });

  it('lists every broken field in one 400 address_invalid', () => {
    const err = failure(() =>
      normalizeAddress({ ...baseCn, recipient: ' ', phone: '12345', province: '香港', detail: 'x', postalCode: '1234' }, 'CN'),
    );
    expect(err.code).toBe('address_invalid');
    expect(err.status).toBe(400);
    expect(err.issues!.map((i) => i.path).sort()).toEqual(
      ['body.address.detail', 'body.address.phone', 'body.address.postalCode', 'body.address.province', 'body.address.recipient'].sort(),
    );
  });

  it('refuses an address outside the cart market with 409 address_market_mismatch', () => {
    const err = failure(() => normalizeAddress(baseCn, 'US'));
    expect(err.code).toBe('address_market_mismatch');
    expect(err.status).toBe(409);
  });
});

const baseCn = {
  country: 'CN' as const,
  recipient: '李四',
  phone: '13912345678',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路 90 号',
};

const baseUs = {
  country: 'US' as const,
  recipient: 'Ada Lovelace',
  line1: '1 Market St',
  city: 'San Francisco',
  state: 'ca',
  postalCode: '941051234',
};

describe('normalizeAddress (US)', () => {
  it('upper-cases the state and formats ZIP+4 and the phone', () => {
    expect(normalizeAddress({ ...baseUs, phone: '(415) 555-0134', line2: ' ' }, 'US')).toEqual({
      country: 'US',
      recipient: 'Ada Lovelace',
      line1: '1 Market St',
      line2: null,
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94105-1234',
      phone: '+14155550134',
    });
  });

  it('refuses unknown states, bad ZIPs and bad phones', () => {
    const err = failure(() => normalizeAddress({ ...baseUs, state: 'PR', postalCode: '9410', phone: '123' }, 'US'));
    expect(err.code).toBe('address_invalid');
    expect(err.issues!.map((i) => i.path).sort()).toEqual(['body.address.phone', 'body.address.postalCode', 'body.address.state']);
  });
});

describe('address tokens', () => {
  const secret = Buffer.from('a-test-secret-of-at-least-32-characters');
  const now = new Date('2026-11-22T00:00:00Z');
  const later = new Date(now.getTime() + 60_000);
  const hash = addressHash(normalizeAddress(baseUs, 'US'));
  const cart = { id: 'c0a80101-0000-4000-8000-000000000001', addressHash: hash };

  it('verify for the same cart and address until they expire', () => {
    const token = issueAddressToken(cart, later, secret);
    expect(token).toMatch(/^adt_[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('San Francisco');
    expect(isAddressTokenCurrent(cart, token, now, secret)).toBe(true);
    expect(isAddressTokenCurrent(cart, token, later, secret)).toBe(false);
  });

  it('are stale for another address, another cart, another secret or when tampered with', () => {
    const token = issueAddressToken(cart, later, secret);
    const otherAddress = addressHash(normalizeAddress({ ...baseUs, line1: '2 Market St' }, 'US'));
    expect(isAddressTokenCurrent({ ...cart, addressHash: otherAddress }, token, now, secret)).toBe(false);
    expect(isAddressTokenCurrent({ ...cart, id: 'c0a80101-0000-4000-8000-000000000002' }, token, now, secret)).toBe(false);
    expect(isAddressTokenCurrent(cart, token, now, Buffer.from('another-secret-of-at-least-32-characters'))).toBe(false);
    const raw = Buffer.from(token.slice(4), 'base64url');
    raw.writeBigUInt64BE(BigInt(later.getTime() + 86_400_000));
    expect(isAddressTokenCurrent(cart, 'adt_' + raw.toString('base64url'), now, secret)).toBe(false);
    expect(isAddressTokenCurrent(cart, 'adt_short', now, secret)).toBe(false);
    expect(isAddressTokenCurrent({ ...cart, addressHash: null }, token, now, secret)).toBe(false);
  });

  it('assertAddressTokenCurrent refuses a stale token with 409 address_token_stale', () => {
    const err = failure(() => assertAddressTokenCurrent(cart, 'adt_nope', now));
    expect([err.status, err.code]).toEqual([409, 'address_token_stale']);
  });
});
