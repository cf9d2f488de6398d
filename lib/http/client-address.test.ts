import { describe, expect, it } from 'vitest';
import { parseConfig } from '../platform/config';
import { clientAddress, UNPROXIED_ADDRESS } from './client-address';

const h = (init: Record<string, string>) => new Headers(init);
const env = (vars: Record<string, string>) => parseConfig(vars);
const spoofed = { 'x-real-ip': '6.6.6.6', 'x-forwarded-for': '7.7.7.7, 8.8.8.8' };

describe('clientAddress', () => {
  it('trusts nothing a client sends when no proxy is declared (the default)', () => {
    expect(clientAddress(h(spoofed), env({}))).toBe(UNPROXIED_ADDRESS);
    expect(clientAddress(h({}), env({}))).toBe(UNPROXIED_ADDRESS);
    expect(clientAddress(h(spoofed), env({ TRUSTED_PROXY_HOPS: '0' }))).toBe(UNPROXIED_ADDRESS);
  });

  it('is not configured with anything but a whole number of hops from 0 to 16', () => {
    for (const hops of ['lots', '-1', '1.5', '17']) {
      expect(() => env({ TRUSTED_PROXY_HOPS: hops })).toThrow(`TRUSTED_PROXY_HOPS=${JSON.stringify(hops)} is invalid: expected a whole number from 0 to 16`);
    }
  });

  it('takes the entry the outermost trusted proxy appended, ignoring what the client prepended', () => {
    // Client sent "x-forwarded-for: 7.7.7.7"; the one proxy appended the peer it saw.
    expect(clientAddress(h({ 'x-forwarded-for': '7.7.7.7, 203.0.113.9' }), env({ TRUSTED_PROXY_HOPS: '1' }))).toBe('203.0.113.9');
    // CDN then load balancer: the CDN appended the client, the balancer appended the CDN.
    expect(clientAddress(h({ 'x-forwarded-for': '7.7.7.7, 203.0.113.9, 10.0.0.2' }), env({ TRUSTED_PROXY_HOPS: '2' }))).toBe('203.0.113.9');
    expect(clientAddress(h({ 'x-forwarded-for': '203.0.113.9' }), env({ TRUSTED_PROXY_HOPS: '2' }))).toBe('203.0.113.9');
  });

  it('never reads x-real-ip outside Vercel, however many proxies are declared', () => {
    expect(clientAddress(h({ 'x-real-ip': '6.6.6.6', 'x-forwarded-for': '203.0.113.9' }), env({ TRUSTED_PROXY_HOPS: '1' }))).toBe('203.0.113.9');
    expect(clientAddress(h({ 'x-real-ip': '6.6.6.6' }), env({ TRUSTED_PROXY_HOPS: '1' }))).toBe(UNPROXIED_ADDRESS);
  });

  it('on Vercel reads the x-real-ip its edge overwrites, not x-forwarded-for', () => {
    expect(clientAddress(h({ 'x-real-ip': '198.51.100.4', 'x-forwarded-for': '7.7.7.7' }), env({ VERCEL: '1' }))).toBe('198.51.100.4');
    expect(clientAddress(h({ 'x-forwarded-for': '7.7.7.7' }), env({ VERCEL: '1' }))).toBe(UNPROXIED_ADDRESS);
  });

  it('spells one address one way', () => {
    expect(clientAddress(h({ 'x-forwarded-for': '::ffff:192.0.2.1' }), env({ TRUSTED_PROXY_HOPS: '1' }))).toBe('192.0.2.1');
    expect(clientAddress(h({ 'x-forwarded-for': '2001:DB8:0:0:0:0:0:1' }), env({ TRUSTED_PROXY_HOPS: '1' }))).toBe('2001:db8::1');
  });
});
