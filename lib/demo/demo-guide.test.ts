import { describe, expect, it } from 'vitest';
import { demoGuide } from './demo-guide';
import type { DemoInfo } from './index';

const info: DemoInfo = {
  baseUrl: 'http://localhost:3000',
  docs: 'http://localhost:3000/docs',
  stores: [
    { slug: 'lumen-audio', displayName: 'Lumen Audio', storefront: 'http://localhost:3000/stores/lumen-audio', api: '', protected: false },
    { slug: 'maison-atelier', displayName: 'Maison Atelier', storefront: 'http://localhost:3000/stores/maison-atelier', api: '', protected: true },
  ],
  tryIt: {},
  apiKeys: { keys: [{ key: 'sk_test_secretsecretsecret' }] },
  merchantUsers: [{ email: 'owner@example.com', password: 'correct horse battery' }],
  storeAccess: { password: 'open-sesame' },
  hostedCheckout: { page: 'http://localhost:3000/checkout/cs_1' },
};

describe('demoGuide', () => {
  const text = demoGuide(info, '.data/demo.json');

  it('names the pages to open and the file with the rest', () => {
    expect(text).toContain('http://localhost:3000/stores/lumen-audio');
    expect(text).toContain('http://localhost:3000/stores/maison-atelier  Maison Atelier (password protected)');
    expect(text).toContain('http://localhost:3000/docs');
    expect(text).toContain('http://localhost:3000/merchant/sign-in');
    expect(text).toContain('http://localhost:3000/checkout/cs_1');
    expect(text).toContain('.data/demo.json');
  });

  it('prints no secret and stays short', () => {
    for (const secret of ['sk_test_secretsecretsecret', 'correct horse battery', 'open-sesame']) expect(text).not.toContain(secret);
    expect(text.split('\n').length).toBeLessThanOrEqual(15);
  });
});
