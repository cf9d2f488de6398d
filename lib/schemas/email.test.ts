import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, Email, maskEmail } from './email';

describe('Email (the checkout’s e-mail rule)', () => {
  it('trims and lower-cases the domain, keeping the local part as typed', () => {
    expect(Email.parse('  Jane.Doe+shop@Example.COM ')).toBe('Jane.Doe+shop@example.com');
  });

  it('refuses what is no address', () => {
    for (const bad of ['', '   ', 'jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'jane@@example.com']) {
      expect(Email.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses CR, LF and NUL anywhere, even where trimming would remove them', () => {
    for (const bad of ['jane@example.com\r\nBcc: x@evil.test', 'jane@example.com\n', '\rjane@example.com', 'ja\u0000ne@example.com']) {
      const r = Email.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('must not contain line breaks or NUL characters');
    }
  });

  it('takes 254 characters and refuses 255', () => {
    // 64 + 1 + 61 + 1 + 61 + 1 + 61 + 4: every label within the 63 characters DNS allows.
    const address = (last: number) => `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(last)}.com`;
    const ok = address(61);
    expect(ok.length).toBe(EMAIL_MAX);
    expect(Email.safeParse(ok).success).toBe(true);
    expect(Email.safeParse(address(62)).success).toBe(false);
  });
});

describe('maskEmail', () => {
  it('shows the first character of the local part and the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('j@example.com')).toBe('j***@example.com');
    expect(maskEmail('张三@example.cn')).toBe('张***@example.cn');
  });
});
