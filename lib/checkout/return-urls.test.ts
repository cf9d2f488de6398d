import { describe, expect, it } from 'vitest';
import { parseConfig } from '../platform/config';
import { redirectOrigin } from './return-urls';

describe('redirectOrigin', () => {
  it('takes absolute https URLs without credentials', () => {
    expect(redirectOrigin('https://shop.example/thanks?x=1')).toBe('https://shop.example');
    expect(redirectOrigin('https://user:pw@shop.example/')).toBeNull();
    expect(redirectOrigin('/relative')).toBeNull();
    expect(redirectOrigin('javascript:alert(1)')).toBeNull();
  });

  it('takes http only for localhost, in development or when the deployment itself is on localhost', () => {
    expect(redirectOrigin('http://localhost:3000/cart', parseConfig({ NODE_ENV: 'development' }))).toBe('http://localhost:3000');
    expect(redirectOrigin('http://shop.example/cart', parseConfig({ NODE_ENV: 'development' }))).toBeNull();
    // A production build served locally (next start on 127.0.0.1, the browser tests).
    expect(redirectOrigin('http://127.0.0.1:3210/cart', parseConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://127.0.0.1:3210' }))).toBe('http://127.0.0.1:3210');
    // A public deployment never sends shoppers to http, not even to localhost.
    expect(redirectOrigin('http://localhost:3000/cart', parseConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://shop.example' }))).toBeNull();
    expect(redirectOrigin('http://shop.example/cart', parseConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://localhost:3000' }))).toBeNull();
  });
});
