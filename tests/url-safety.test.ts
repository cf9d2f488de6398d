import { afterEach, describe, expect, it } from 'vitest';
import { type NetworkPolicy, checkAddress, checkWebhookUrl, webhookNetworkPolicy } from '../lib/webhooks/url-safety';
import { sendWebhook } from '../lib/webhooks/send-webhook';
import { WebhookReceiver } from './helpers/webhook-receiver';
import { setEnv } from './helpers/env';

const PUBLIC = '93.184.215.14';
const publicResolver = async () => [PUBLIC];
const strict = (resolve: NetworkPolicy['resolve'] = publicResolver): NetworkPolicy => ({ allowLoopback: false, allowHttp: false, resolve });
const reasonOf = async (url: string, policy = strict()) => {
  try {
    await checkWebhookUrl(url, policy);
    return 'accepted';
  } catch (err) {
    return (err as { reason?: string }).reason ?? String(err);
  }
};

describe('webhook URL safety (SSRF)', () => {
  it('accepts a public https URL', async () => {
    expect(await reasonOf('https://hooks.example.com/storefront?x=1')).toBe('accepted');
    expect(await reasonOf('https://[2606:4700::1111]/hook')).toBe('accepted');
  });

  it.each([
    ['decimal IPv4', 'https://2130706433/'],
    ['octal IPv4', 'https://017700000001/'],
    ['hex IPv4', 'https://0x7f000001/'],
    ['mixed short IPv4', 'https://0x7f.1/'],
    ['short IPv4', 'https://127.1/'],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped IPv6 metadata', 'https://[::ffff:a9fe:a9fe]/'],
    ['unspecified IPv6', 'https://[::]/'],
    ['IPv6 loopback', 'https://[::1]/'],
    ['unspecified IPv4', 'https://0.0.0.0/'],
    ['cloud metadata IPv4', 'https://169.254.169.254/latest/meta-data/'],
    ['AWS metadata IPv6', 'https://[fd00:ec2::254]/'],
    ['metadata host name', 'https://metadata.google.internal/computeMetadata/v1/'],
    ['localhost', 'https://localhost/'],
    ['private 10/8', 'https://10.0.0.5/'],
    ['private 192.168/16', 'https://192.168.1.1/'],
    ['carrier-grade NAT', 'https://100.64.0.1/'],
    ['link-local IPv6', 'https://[fe80::1]/'],
    ['multicast', 'https://224.0.0.1/'],
    ['broadcast', 'https://255.255.255.255/'],
    ['NAT64 of loopback', 'https://[64:ff9b::7f00:1]/'],
    ['6to4 of loopback', 'https://[2002:7f00:1::]/'],
    ['userinfo', 'https://user:pass@hooks.example.com/'],
    ['userinfo trick', 'https://hooks.example.com@127.0.0.1/'],
    ['userinfo with encoded @', 'https://hooks.example.com%40evil@169.254.169.254/'],
    ['plain http', 'http://hooks.example.com/'],
    ['other scheme', 'ftp://hooks.example.com/'],
    ['fragment', 'https://hooks.example.com/#x'],
    ['not a URL', 'hooks.example.com/x'],
    ['too long', `https://hooks.example.com/${'a'.repeat(2100)}`],
  ])('refuses %s', async (_name, url) => {
    expect(await reasonOf(url)).not.toBe('accepted');
  });

  it('refuses a host name resolving to a private address, or to a mix of public and private ones', async () => {
    expect(await reasonOf('https://internal.example.com/', strict(async () => ['10.1.2.3']))).toBe('private_address');
    expect(await reasonOf('https://mixed.example.com/', strict(async () => [PUBLIC, '127.0.0.1']))).toBe('loopback_address');
    expect(await reasonOf('https://meta.example.com/', strict(async () => ['::ffff:169.254.169.254']))).toBe('linkLocal_address');
    expect(await reasonOf('https://nx.example.com/', strict(async () => { throw new Error('ENOTFOUND'); }))).toBe('unresolvable_host');
  });

  it('classifies with ipaddr.js: only global unicast, loopback only by opt-in', () => {
    expect(checkAddress('8.8.8.8', { allowLoopback: false }).ok).toBe(true);
    expect(checkAddress('127.0.0.1', { allowLoopback: false }).ok).toBe(false);
    expect(checkAddress('127.0.0.1', { allowLoopback: true }).ok).toBe(true);
    expect(checkAddress('10.0.0.1', { allowLoopback: true }).ok).toBe(false);
    expect(checkAddress('169.254.169.254', { allowLoopback: true }).ok).toBe(false);
  });
});

describe('the loopback opt-in', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('is off by default, on with WEBHOOKS_ALLOW_LOOPBACK=1, and refused under NODE_ENV=production but for a deployment on http://127.0.0.1', () => {
    restore = setEnv({ WEBHOOKS_ALLOW_LOOPBACK: undefined, NODE_ENV: 'test', PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL });
    expect(webhookNetworkPolicy()).toMatchObject({ allowLoopback: false, allowHttp: false });
    setEnv({ WEBHOOKS_ALLOW_LOOPBACK: '1' });
    expect(webhookNetworkPolicy()).toMatchObject({ allowLoopback: true, allowHttp: true });
    setEnv({ NODE_ENV: 'production' });
    expect(() => webhookNetworkPolicy()).toThrow('WEBHOOKS_ALLOW_LOOPBACK="1" is invalid: refused when NODE_ENV=production');
    setEnv({ PUBLIC_BASE_URL: 'http://localhost:3000' });
    expect(() => webhookNetworkPolicy()).toThrow('WEBHOOKS_ALLOW_LOOPBACK="1" is invalid: refused when NODE_ENV=production');
    // A production build served on this machine's loopback address (the browser tests') may use it.
    setEnv({ PUBLIC_BASE_URL: 'http://127.0.0.1:3210' });
    expect(webhookNetworkPolicy()).toMatchObject({ allowLoopback: true, allowHttp: true });
  });
});

describe('connect-time check on the address actually dialled', () => {
  it('a resolver answering public when saved and loopback when dialled gets nowhere', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      let calls = 0;
      const rebinding = strict(async () => (calls++ === 0 ? [PUBLIC] : ['127.0.0.1']));
      const policy = { ...rebinding, allowHttp: true };
      const url = `http://rebind.example.com:${receiver.port}/hook`;
      expect(await checkWebhookUrl(url, policy)).toBe(url);
      const result = await sendWebhook(url, {}, '{}', { policy, timeoutMs: 2_000 });
      expect(result).toMatchObject({ outcome: 'refused', statusCode: null, excerpt: expect.stringContaining('loopback') });
      expect(calls).toBeGreaterThanOrEqual(2);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.stop();
    }
  });

  it('an IP-literal URL is checked before dialling, since no lookup happens for it', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const result = await sendWebhook(`http://127.0.0.1:${receiver.port}/hook`, {}, '{}', { policy: { ...strict(), allowHttp: true } });
      expect(result.outcome).toBe('refused');
      expect(receiver.received).toHaveLength(0);
      const allowed = await sendWebhook(`http://127.0.0.1:${receiver.port}/hook`, {}, '{}', { policy: { ...strict(), allowHttp: true, allowLoopback: true } });
      expect(allowed).toMatchObject({ outcome: 'succeeded', statusCode: 200 });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.stop();
    }
  });

  it('reads at most a small excerpt of a large answer', async () => {
    const receiver = await new WebhookReceiver().start();
    receiver.respond = () => ({ status: 200, body: 'x'.repeat(1_000_000) });
    try {
      const result = await sendWebhook(`http://127.0.0.1:${receiver.port}/hook`, {}, '{}', { policy: { ...strict(), allowHttp: true, allowLoopback: true } });
      expect(result.outcome).toBe('succeeded');
      expect(result.excerpt!.length).toBe(1024);
      receiver.respond = () => ({ status: 500, body: 'bad\u0000answer' });
      const nul = await sendWebhook(`http://127.0.0.1:${receiver.port}/hook`, {}, '{}', { policy: { ...strict(), allowHttp: true, allowLoopback: true } });
      expect(nul).toMatchObject({ outcome: 'failed', statusCode: 500, excerpt: 'badanswer' });
    } finally {
      await receiver.stop();
    }
  });
});
