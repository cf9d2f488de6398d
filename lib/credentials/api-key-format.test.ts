import { describe, expect, it } from 'vitest';
import { API_KEY_LENGTH, generateApiKey, hashApiKey, hashesEqual, parseApiKey } from './api-key-format';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('API key format', () => {
  it('generates prefixed keys that parse back to their key id and environment', () => {
    for (const env of ['live', 'test'] as const) {
      const g = generateApiKey(env);
      expect(g.key).toMatch(new RegExp(`^sk_${env}_[0-9A-Za-z]{54}$`));
      expect(g.key).toHaveLength(API_KEY_LENGTH);
      expect(parseApiKey(g.key)).toEqual({ environment: env, keyId: g.keyId, last4: g.key.slice(-4) });
    }
  });

  it('refuses every single-character substitution and every adjacent swap', () => {
    const { key } = generateApiKey('live');
    const start = 'sk_live_'.length;
    let refused = 0;
    for (let i = start; i < key.length; i++) {
      for (const c of ALPHABET) {
        if (c === key[i]) continue;
        expect(parseApiKey(key.slice(0, i) + c + key.slice(i + 1))).toBeNull();
        refused++;
      }
      if (i + 1 < key.length && key[i] !== key[i + 1]) {
        expect(parseApiKey(key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2))).toBeNull();
      }
    }
    expect(refused).toBe((key.length - start) * 61);
  });

  it('refuses other shapes before any lookup', () => {
    const { key } = generateApiKey('test');
    for (const bad of ['', 'sk_live_', key.slice(0, -1), key + 'a', key.replace('sk_test_', 'sk_live_'), key.replace('sk_test_', 'pk_test_'), ` ${key}`, key.toUpperCase()]) {
      expect(parseApiKey(bad), bad).toBeNull();
    }
  });

  it('derives the same key from the same byte source, and hashes it under the server secret only', () => {
    const bytes = () => {
      let i = 0;
      return (n: number) => Buffer.from(Array.from({ length: n }, () => (i++ * 37) % 256));
    };
    expect(generateApiKey('test', bytes()).key).toBe(generateApiKey('test', bytes()).key);
    const { key } = generateApiKey('live');
    const a = hashApiKey(key, Buffer.from('a'.repeat(32)));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashesEqual(a, hashApiKey(key, Buffer.from('a'.repeat(32))))).toBe(true);
    expect(hashesEqual(a, hashApiKey(key, Buffer.from('b'.repeat(32))))).toBe(false);
    expect(hashesEqual(a, '')).toBe(false);
  });
});
