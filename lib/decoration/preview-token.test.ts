import { describe, expect, it } from 'vitest';
import { signPreviewToken, verifyPreviewToken } from './preview-token';

const secret = Buffer.from('a-server-secret-of-at-least-32-characters');
const previewId = '0b6f3c1e-2a4d-4c1b-9d7e-5f2a8b9c0d1e';
const expiresAt = new Date('2026-11-23T01:00:00Z');
const before = new Date('2026-11-23T00:30:00Z');

describe('decoration preview tokens', () => {
  it('verifies a token for its store until it expires', () => {
    const token = signPreviewToken('lumen-audio', { previewId, expiresAt }, secret);
    expect(verifyPreviewToken('lumen-audio', token, before, secret)).toEqual({ previewId, expiresAt });
    expect(verifyPreviewToken('lumen-audio', token, expiresAt, secret)).toBeNull();
  });

  it('refuses a token moved to another store, extended, tampered with or signed with another secret', () => {
    const token = signPreviewToken('lumen-audio', { previewId, expiresAt }, secret);
    expect(verifyPreviewToken('huaxia-digital', token, before, secret)).toBeNull();
    const [id, exp, sig] = token.split('.');
    expect(verifyPreviewToken('lumen-audio', `${id}.${Number(exp) + 3600}.${sig}`, before, secret)).toBeNull();
    expect(verifyPreviewToken('lumen-audio', `${id}.${exp}.${sig!.startsWith('A') ? 'B' : 'A'}${sig!.slice(1)}`, before, secret)).toBeNull();
    expect(verifyPreviewToken('lumen-audio', token, before, Buffer.from('another-secret-another-secret-another'))).toBeNull();
    expect(verifyPreviewToken('lumen-audio', 'not-a-token', before, secret)).toBeNull();
  });
});
