import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { config } from '../platform/config';
import { processWide } from '../platform/process-wide';

/** Resolves a host name to the addresses a connection may dial. */
export type Resolver = (hostname: string) => Promise<string[]>;

export type NetworkPolicy = {
  /** Test receivers on 127.0.0.1/::1: an explicit opt-in that production refuses. */
  allowLoopback: boolean;
  /** Plain http: development, and the loopback test receivers. */
  allowHttp: boolean;
  resolve: Resolver;
};

export const MAX_URL_LENGTH = 2048;

/** Names that reach the machine or its cloud metadata service whatever they resolve to. */
const blockedNames = [/^localhost$/, /\.localhost$/, /^metadata$/, /\.internal$/, /^metadata\.azure\.com$/, /\.local$/, /\.home\.arpa$/];

const systemResolver: Resolver = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

const testResolver = processWide('webhook-resolver', () => ({ resolver: undefined as Resolver | undefined }));

/** Tests substitute a resolver (e.g. one that rebinds); production always uses the system's. */
export function setWebhookResolverForTests(resolver: Resolver | null): void {
  if (config().isProduction) throw new Error('The webhook resolver cannot be replaced in production');
  testResolver.resolver = resolver ?? undefined;
}

/**
 * The outbound network rules of webhook delivery, from the configuration. WEBHOOKS_ALLOW_LOOPBACK=1
 * lets tests and local demos deliver to a receiver on this machine; with NODE_ENV=production the
 * configuration is refused at start (lib/platform/config.ts), so a stray setting cannot open the loopback.
 */
export function webhookNetworkPolicy(): NetworkPolicy {
  const { WEBHOOKS_ALLOW_LOOPBACK: allowLoopback, isDevelopment } = config();
  return {
    allowLoopback,
    allowHttp: allowLoopback || isDevelopment,
    resolve: testResolver.resolver ?? systemResolver,
  };
}

export type AddressVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether an address may be dialled: only global unicast. ipaddr.js classifies (IPv4-mapped
 * IPv6 is judged as the IPv4 it carries); private, loopback, link-local (the 169.254.169.254
 * metadata service), unique-local (fd00:ec2::254), carrier-grade NAT, multicast, broadcast,
 * unspecified, NAT64/6to4/Teredo and reserved ranges are all something other than `unicast`.
 */
export function checkAddress(address: string, policy: Pick<NetworkPolicy, 'allowLoopback'>): AddressVerdict {
  if (!ipaddr.isValid(address)) return { ok: false, reason: 'not_an_ip_address' };
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return { ok: true };
  if (range === 'loopback' && policy.allowLoopback) return { ok: true };
  return { ok: false, reason: `${range}_address` };
}

export class UnsafeWebhookUrl extends Error {
  readonly code = 'ERR_WEBHOOK_ADDRESS_REFUSED';
  constructor(readonly reason: string) {
    super(`webhook URL refused: ${reason}`);
    this.name = 'UnsafeWebhookUrl';
  }
}

/** The host of a URL as an address when it is an IP literal (WHATWG URL has already folded decimal, octal and hex IPv4). */
function literalAddress(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return ipaddr.isValid(host) ? host : null;
}

/** Checks everything about a URL that does not need the network; returns the parsed URL. */
export function checkUrlShape(raw: string, policy: Pick<NetworkPolicy, 'allowHttp' | 'allowLoopback'>): URL {
  if (raw.length > MAX_URL_LENGTH) throw new UnsafeWebhookUrl('too_long');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeWebhookUrl('not_a_url');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) throw new UnsafeWebhookUrl('https_required');
  if (url.username || url.password) throw new UnsafeWebhookUrl('credentials_in_url');
  if (url.hash) throw new UnsafeWebhookUrl('fragment_in_url');
  const literal = literalAddress(url);
  if (literal) {
    const verdict = checkAddress(literal, policy);
    if (!verdict.ok) throw new UnsafeWebhookUrl(verdict.reason);
  } else if (blockedNames.some((re) => re.test(url.hostname)) && !(policy.allowLoopback && url.hostname === 'localhost')) {
    throw new UnsafeWebhookUrl('internal_host_name');
  }
  return url;
}

/**
 * The save-time check: the URL's shape, then every address its host resolves to (all must be
 * public; one private answer refuses it). Delivery checks again on the address it dials.
 */
export async function checkWebhookUrl(raw: string, policy: NetworkPolicy): Promise<string> {
  const url = checkUrlShape(raw, policy);
  if (!literalAddress(url)) await resolvePublic(url.hostname, policy);
  return url.toString();
}

async function resolvePublic(hostname: string, policy: NetworkPolicy): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await policy.resolve(hostname);
  } catch {
    throw new UnsafeWebhookUrl('unresolvable_host');
  }
  if (!addresses.length) throw new UnsafeWebhookUrl('unresolvable_host');
  for (const address of addresses) {
    const verdict = checkAddress(address, policy);
    if (!verdict.ok) throw new UnsafeWebhookUrl(verdict.reason);
  }
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the sockets undici opens: it resolves through the policy and refuses the
 * connection unless every answer is public, so the address actually dialled is the one checked
 * (a resolver that answers public at save time and private now gets nowhere).
 */
export function checkedLookup(policy: NetworkPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolvePublic(hostname, policy).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => ipaddr.parse(a).kind() === (options.family === 4 ? 'ipv4' : 'ipv6')) : addresses;
        if (!wanted.length) return callback(Object.assign(new Error(`no IPv${options.family} address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        const entries = wanted.map((address) => ({ address, family: ipaddr.parse(address).kind() === 'ipv4' ? 4 : 6 }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, ''),
    );
  };
}

/** The connect-time check for an IP-literal host, which sockets dial without any lookup. */
export function checkLiteralHost(url: URL, policy: NetworkPolicy): void {
  const literal = literalAddress(url);
  if (!literal) return;
  const verdict = checkAddress(literal, policy);
  if (!verdict.ok) throw new UnsafeWebhookUrl(verdict.reason);
}
