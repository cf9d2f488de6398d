import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, config, parseConfig, rateLimitPolicyNames, rateLimitVariable, reloadConfig } from './config';

/** The problems an environment is refused for, one line each (none when it parses). */
function problems(env: Record<string, string>): readonly string[] {
  try {
    parseConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('the configuration', () => {
  it('has a default for everything local development needs', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      DEFAULT_MARKET: 'US',
      DEFAULT_LOCALE: 'en-US',
      TRUSTED_PROXY_HOPS: 0,
      DATABASE_POOL_MAX: 10,
      DATABASE_PREPARED_STATEMENTS: 'on',
      PGLITE_WORKER: 'on',
      RATE_LIMIT_PREFIX: 'sc:rl',
      WEBHOOKS_ALLOW_LOOPBACK: false,
      VERCEL: false,
      PUBLIC_READ_CACHE_MAX_AGE_SECONDS: 30,
      CREDENTIAL_CACHE_MAX_ENTRIES: 10_000,
      isProduction: false,
      isDevelopment: false,
      logLevel: 'info',
      rateLimits: {},
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicBaseUrl.href).toBe('http://localhost:3000/');
    expect(c.pgliteDataDir).toBe(path.join(process.cwd(), '.data', 'pglite'));
  });

  it('takes an empty value for unset', () => {
    expect(parseConfig({ DEFAULT_MARKET: '', TRUSTED_PROXY_HOPS: '', DATABASE_URL: '' })).toMatchObject({ DEFAULT_MARKET: 'US', TRUSTED_PROXY_HOPS: 0, DATABASE_URL: undefined });
  });

  it('refuses a bad value rather than falling back, naming the variable, the value and what it accepts', () => {
    expect(problems({ DEFAULT_MARKET: 'XX' })).toEqual(['DEFAULT_MARKET="XX" is invalid: expected one of CN, US']);
    expect(problems({ DEFAULT_LOCALE: 'fr-FR' })).toEqual(['DEFAULT_LOCALE="fr-FR" is invalid: expected one of en-US, zh-CN']);
    expect(problems({ LOG_LEVEL: 'loud' })).toEqual(['LOG_LEVEL="loud" is invalid: expected one of fatal, error, warn, info, debug, trace, silent']);
    expect(problems({ PUBLIC_BASE_URL: 'shop.example' })).toEqual(['PUBLIC_BASE_URL="shop.example" is invalid: expected an absolute http:// or https:// URL']);
    expect(problems({ PGLITE_WORKER: 'yes' })).toEqual(['PGLITE_WORKER="yes" is invalid: expected one of on, off']);
    expect(problems({ PUBLIC_READ_CACHE_MAX_AGE_SECONDS: '-5' })).toEqual(['PUBLIC_READ_CACHE_MAX_AGE_SECONDS="-5" is invalid: expected a number, 0 or more (e.g. 30 or 0.5)']);
    expect(problems({ WEBHOOKS_ALLOW_LOOPBACK: 'true' })).toEqual(['WEBHOOKS_ALLOW_LOOPBACK="true" is invalid: expected 1 (on) or 0 (off)']);
  });

  it('takes the contact channels as given, and refuses an address or a page no client could use', () => {
    const none = parseConfig({});
    expect([none.CONTACT_NAME, none.CONTACT_EMAIL, none.CONTACT_PHONE, none.CONTACT_URL, none.CONTACT_HOURS_EN_US]).toEqual(['Storefront Commerce', undefined, undefined, undefined, undefined]);
    expect(parseConfig({ CONTACT_EMAIL: 'help@shop.test', CONTACT_URL: '/help' })).toMatchObject({ CONTACT_EMAIL: 'help@shop.test', CONTACT_URL: '/help' });
    expect(parseConfig({ CONTACT_URL: 'https://shop.test/help' }).CONTACT_URL).toBe('https://shop.test/help');
    expect(problems({ CONTACT_EMAIL: 'support' })).toEqual(['CONTACT_EMAIL="support" is invalid: expected an email address']);
    for (const url of ['javascript:alert(1)', '//evil.test/x', 'help']) {
      expect(problems({ CONTACT_URL: url })).toEqual([`CONTACT_URL="${url}" is invalid: expected an absolute http:// or https:// URL, or a path of this deployment starting with /`]);
    }
  });

  it('reports every problem at once', () => {
    expect(problems({ DEFAULT_MARKET: 'XX', DATABASE_POOL_MAX: '0', RATE_LIMIT_PUBLIC: 'lots' })).toEqual([
      'DATABASE_POOL_MAX="0" is invalid: expected a whole number from 1 to 1000',
      'DEFAULT_MARKET="XX" is invalid: expected one of CN, US',
      'RATE_LIMIT_PUBLIC="lots" is invalid: expected <limit>/<window seconds>, both whole numbers of at least 1 (e.g. 300/60)',
    ]);
  });

  it('wants API_KEY_SECRET of 32 characters or more, and never repeats a secret', () => {
    const short = 'x'.repeat(31);
    expect(problems({ API_KEY_SECRET: short })).toEqual([
      'API_KEY_SECRET=<31 characters, not shown> is invalid: expected at least 32 characters (e.g. openssl rand -base64 48)',
    ]);
    expect(parseConfig({ API_KEY_SECRET: 'x'.repeat(32) }).API_KEY_SECRET).toHaveLength(32);
    expect(problems({ DATABASE_URL: 'mysql://root:hunter2@db/shop' })).toEqual([
      'DATABASE_URL=<28 characters, not shown> is invalid: expected a postgres:// or postgresql:// URL',
    ]);
  });

  it('takes TRUSTED_PROXY_HOPS as a whole number from 0 to 16', () => {
    expect(parseConfig({ TRUSTED_PROXY_HOPS: '0' }).TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseConfig({ TRUSTED_PROXY_HOPS: '16' }).TRUSTED_PROXY_HOPS).toBe(16);
    for (const hops of ['-1', '1.5', 'lots', '17', '0x2', ' 1']) {
      expect(problems({ TRUSTED_PROXY_HOPS: hops })).toEqual([`TRUSTED_PROXY_HOPS=${JSON.stringify(hops)} is invalid: expected a whole number from 0 to 16`]);
    }
  });

  it('takes RATE_LIMIT_<POLICY> as <limit>/<window seconds> for the known policies only', () => {
    expect(parseConfig({ RATE_LIMIT_PUBLIC: '300/60', RATE_LIMIT_AUTH_FAILURE: '5/1' }).rateLimits).toEqual({
      public: { limit: 300, windowSeconds: 60 },
      authFailure: { limit: 5, windowSeconds: 1 },
    });
    for (const quota of ['300', '300/0', '0/60', '-1/60', '300/60s', '1.5/60']) {
      expect(problems({ RATE_LIMIT_SEARCH: quota })).toEqual([
        `RATE_LIMIT_SEARCH=${JSON.stringify(quota)} is invalid: expected <limit>/<window seconds>, both whole numbers of at least 1 (e.g. 300/60)`,
      ]);
    }
    const [unknown] = problems({ RATE_LIMIT_PUBLIK: '300/60' });
    expect(unknown).toMatch(/^RATE_LIMIT_PUBLIK="300\/60" is invalid: not a rate-limit policy: expected one of RATE_LIMIT_PUBLIC, RATE_LIMIT_SEARCH, /);
    for (const name of rateLimitPolicyNames) expect(unknown).toContain(rateLimitVariable(name));
    // The counters' key prefix shares the family's prefix but is a variable of its own.
    expect(parseConfig({ RATE_LIMIT_PREFIX: 'shop:rl' }).RATE_LIMIT_PREFIX).toBe('shop:rl');
  });

  it('refuses WEBHOOKS_ALLOW_LOOPBACK=1 with NODE_ENV=production, and takes it elsewhere', () => {
    expect(problems({ WEBHOOKS_ALLOW_LOOPBACK: '1', NODE_ENV: 'production' })).toEqual([
      'WEBHOOKS_ALLOW_LOOPBACK="1" is invalid: refused when NODE_ENV=production: webhooks never go to this machine in production',
    ]);
    expect(parseConfig({ WEBHOOKS_ALLOW_LOOPBACK: '1', NODE_ENV: 'development' }).WEBHOOKS_ALLOW_LOOPBACK).toBe(true);
    expect(parseConfig({ WEBHOOKS_ALLOW_LOOPBACK: '0', NODE_ENV: 'production' }).WEBHOOKS_ALLOW_LOOPBACK).toBe(false);
  });

  it('wants the Upstash URL and token together', () => {
    expect(problems({ UPSTASH_REDIS_REST_URL: 'https://eu1.upstash.io' })).toEqual(['UPSTASH_REDIS_REST_TOKEN is not set: required when UPSTASH_REDIS_REST_URL is set']);
    expect(problems({ UPSTASH_REDIS_REST_TOKEN: 't' })).toEqual(['UPSTASH_REDIS_REST_URL is not set: required when UPSTASH_REDIS_REST_TOKEN is set']);
  });

  it('takes a relative PGLITE_DATA_DIR from the project folder', () => {
    expect(parseConfig({ PGLITE_DATA_DIR: '.data/pglite-prod' }).pgliteDataDir).toBe(path.join(process.cwd(), '.data', 'pglite-prod'));
    expect(parseConfig({ PGLITE_DATA_DIR: '/var/lib/shop/pglite' }).pgliteDataDir).toBe('/var/lib/shop/pglite');
  });

  it('takes the default PUBLIC_BASE_URL from the port the server listens on (PORT), so links follow `-p`', () => {
    expect(parseConfig({}).PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(parseConfig({ PORT: '3416' })).toMatchObject({ PUBLIC_BASE_URL: 'http://localhost:3416', publicBaseUrl: new URL('http://localhost:3416') });
    expect(parseConfig({ PORT: '3416', PUBLIC_BASE_URL: 'https://shop.example' }).publicBaseUrl.href).toBe('https://shop.example/');
    expect(problems({ PORT: '70000' })).toEqual(['PORT="70000" is invalid: expected a whole number from 1 to 65535']);
  });

  it('derives facts from NODE_ENV and LOG_LEVEL', () => {
    expect(parseConfig({ NODE_ENV: 'production' })).toMatchObject({ isProduction: true, isDevelopment: false });
    expect(parseConfig({ NODE_ENV: 'development' })).toMatchObject({ isProduction: false, isDevelopment: true });
    expect(parseConfig({ VITEST: 'true' }).logLevel).toBe('warn');
    expect(parseConfig({ VITEST: 'true', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });
});

describe('config()', () => {
  const saved = process.env.DEFAULT_MARKET;
  afterEach(() => {
    if (saved === undefined) delete process.env.DEFAULT_MARKET;
    else process.env.DEFAULT_MARKET = saved;
    reloadConfig();
  });

  it('parses process.env once, and again after reloadConfig()', () => {
    process.env.DEFAULT_MARKET = 'CN';
    reloadConfig();
    const first = config();
    expect(first.DEFAULT_MARKET).toBe('CN');
    process.env.DEFAULT_MARKET = 'US';
    expect(config()).toBe(first);
    reloadConfig();
    expect(config().DEFAULT_MARKET).toBe('US');
  });
});
