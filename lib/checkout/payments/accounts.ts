import 'server-only';
import type { Db } from '../../db/client';
import type { Prisma } from '../../generated/prisma/client';
import { seal, unseal } from '../../platform/seal';
import { type ProviderAccountRecord, readProviderAccount } from '../data';
import type { GatewayProvider, PaymentGateway } from './gateway';
import { publicBaseUrl } from '../../core/media-urls';
import { type AlipayGateway, alipayGateway } from './alipay';
import { stripeGateway } from './stripe';

/**
 * A store's provider keys, sealed at rest (AES-256-GCM under a key derived from the server secret,
 * bound to the store, provider, mode and field, so a value moved to another row does not open).
 */
const PURPOSE = 'payment-provider-account';

export type AccountField = 'secret' | 'verifier';
export function sealAccountField(value: string, a: { merchantId: string; provider: GatewayProvider; mode: 'test' | 'live' }, field: AccountField): string {
  return seal(value, PURPOSE, `${a.merchantId}:${a.provider}:${a.mode}:${field}`);
}
export function unsealAccountField(a: ProviderAccountRecord, field: AccountField): string {
  return unseal(field === 'secret' ? a.secretSealed : a.verifierSealed, PURPOSE, `${a.merchantId}:${a.provider}:${a.mode}:${field}`);
}

export function modeOf(livemode: boolean): 'test' | 'live' {
  return livemode ? 'live' : 'test';
}

/** The URL a provider posts its notifications for a store to (registered with Stripe; sent with every Alipay trade). */
export function notificationUrl(provider: GatewayProvider, merchantId: string): string {
  return new URL(`/api/payments/${provider}/${merchantId}`, publicBaseUrl()).href;
}

/** An Alipay account's keys: the app id (public), the app private key and the Alipay public key (both PEM, sealed at rest). */
export function alipayKeysOf(account: ProviderAccountRecord) {
  return { appId: account.publicId, privateKey: unsealAccountField(account, 'secret'), alipayPublicKey: unsealAccountField(account, 'verifier') };
}

export function alipayGatewayOf(account: ProviderAccountRecord): AlipayGateway {
  return alipayGateway(alipayKeysOf(account), notificationUrl('alipay', account.merchantId));
}

export function gatewayOf(account: ProviderAccountRecord): PaymentGateway {
  switch (account.provider) {
    case 'stripe':
      return stripeGateway(unsealAccountField(account, 'secret'));
    case 'alipay':
      return alipayGatewayOf(account);
  }
}

/** The gateway of a store's account with a provider for a mode, or null when the store has none. */
export async function gatewayFor(db: Db | Prisma.TransactionClient, merchantId: string, provider: GatewayProvider, livemode: boolean) {
  const account = await readProviderAccount(db, merchantId, provider, modeOf(livemode));
  return account ? { account, gateway: gatewayOf(account) } : null;
}

/** What the page that seals the shopper's action needs: the attempt's client secret, sealed to the attempt. */
const ACTION_PURPOSE = 'payment-attempt-action';
export function sealAction(value: string, attemptId: string): string {
  return seal(value, ACTION_PURPOSE, attemptId);
}
export function unsealAction(sealed: string, attemptId: string): string {
  return unseal(sealed, ACTION_PURPOSE, attemptId);
}
