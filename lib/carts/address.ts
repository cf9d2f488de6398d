import { createHash } from 'node:crypto';
import { ServiceError, type ErrorIssue } from '../core/errors';
import type { Market } from '../schemas/common';
import { cnProvinceName } from './cn-provinces';
import type { AddressInput, AddressSummary, CnAddress, CnAddressInput, NormalizedAddress, UsAddress, UsAddressInput } from './schemas';
import { isUsStateCode } from './tax-rates';

/**
 * NFKC folds full-width digits and letters (common from Chinese input methods) into their
 * ASCII forms; runs of whitespace collapse to one space.
 */
function clean(value: string | undefined): string {
  return (value ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim();
}

class Issues {
  readonly list: ErrorIssue[] = [];
  text(field: string, value: string | undefined, min: number, max: number): string {
    const v = clean(value);
    const length = [...v].length;
    if (length < min || length > max) {
      this.list.push({
        path: `body.address.${field}`,
        code: length < min ? 'too_small' : 'too_big',
        message: `must be ${min} to ${max} characters`,
      });
    }
    return v;
  }
  add(field: string, code: string, message: string) {
    this.list.push({ path: `body.address.${field}`, code, message });
  }
}

/** Mainland mobile numbers: 11 digits, 13x to 19x. */
const CN_MOBILE = /^1[3-9]\d{9}$/;
const CN_POSTAL = /^\d{6}$/;
const US_ZIP = /^(\d{5})(?:-?(\d{4}))?$/;

function digitsOnly(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

function normalizeCn(input: CnAddressInput, issues: Issues): CnAddress {
  const recipient = issues.text('recipient', input.recipient, 1, 50);
  let phone = digitsOnly(clean(input.phone)).replace(/^(?:\+86|0086)/, '');
  if (phone.length === 13 && phone.startsWith('86')) phone = phone.slice(2);
  if (!CN_MOBILE.test(phone)) issues.add('phone', 'invalid_format', 'must be a mainland mobile number: 11 digits starting 13 to 19');
  const provinceText = clean(input.province);
  const province = cnProvinceName(provinceText);
  if (!province) issues.add('province', 'invalid_value', 'must be one of the 31 mainland province-level divisions');
  const city = issues.text('city', input.city, 1, 40);
  const district = issues.text('district', input.district, 1, 40);
  const detail = issues.text('detail', input.detail, 2, 120);
  const postal = clean(input.postalCode);
  if (postal !== '' && !CN_POSTAL.test(postal)) issues.add('postalCode', 'invalid_format', 'must be 6 digits');
  return { country: 'CN', recipient, phone, province: province ?? provinceText, city, district, detail, postalCode: postal || null };
}

function normalizeUs(input: UsAddressInput, issues: Issues): UsAddress {
  const recipient = issues.text('recipient', input.recipient, 1, 100);
  const line1 = issues.text('line1', input.line1, 1, 100);
  const line2 = issues.text('line2', input.line2, 0, 100);
  const city = issues.text('city', input.city, 1, 60);
  const state = clean(input.state).toUpperCase();
  if (!isUsStateCode(state)) issues.add('state', 'invalid_value', 'must be a two-letter code of the 50 states or DC');
  const zip = US_ZIP.exec(clean(input.postalCode));
  if (!zip) issues.add('postalCode', 'invalid_format', 'must be a ZIP code: 12345 or 12345-6789');
  const phoneText = digitsOnly(clean(input.phone)).replace(/^\+?1(?=\d{10}$)/, '');
  if (phoneText !== '' && !/^[2-9]\d{2}[2-9]\d{6}$/.test(phoneText)) {
    issues.add('phone', 'invalid_format', 'must be a 10-digit US phone number');
  }
  return {
    country: 'US',
    recipient,
    line1,
    line2: line2 || null,
    city,
    state,
    postalCode: zip ? (zip[2] ? `${zip[1]}-${zip[2]}` : zip[1]!) : clean(input.postalCode),
    phone: phoneText ? `+1${phoneText}` : null,
  };
}

/**
 * Validates an address against the rules of the cart's market and returns its canonical form.
 * A country other than the market is 409 address_market_mismatch; any broken field is
 * 400 address_invalid, listing every problem at once.
 */
export function normalizeAddress(input: AddressInput, market: Market): NormalizedAddress {
  if (input.country !== market) {
    throw new ServiceError('address_market_mismatch', { details: { market, country: input.country } });
  }
  const issues = new Issues();
  const address = input.country === 'CN' ? normalizeCn(input, issues) : normalizeUs(input, issues);
  if (issues.list.length) throw new ServiceError('address_invalid', { issues: issues.list });
  return address;
}

/** SHA-256 over the address fields in a fixed order: equal addresses hash equal. */
export function addressHash(address: NormalizedAddress): string {
  const fields =
    address.country === 'CN'
      ? [address.country, address.recipient, address.phone, address.province, address.city, address.district, address.detail, address.postalCode]
      : [address.country, address.recipient, address.line1, address.line2, address.city, address.state, address.postalCode, address.phone];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

export function addressSummary(address: NormalizedAddress, tokenExpiresAt: Date): AddressSummary {
  return {
    country: address.country,
    region: address.country === 'CN' ? address.province : address.state,
    city: address.city,
    postalCode: address.postalCode,
    tokenExpiresAt: tokenExpiresAt.toISOString(),
  };
}
