import 'server-only';
import { recordAudit } from '../../audit/record-audit';
import type { ServiceContext } from '../../core/context';
import { ServiceError } from '../../core/errors';
import { deleteProviderAccount, listProviderAccounts, markProviderAccountVerified, readProviderAccount, saveProviderAccount } from '../data';
import { gatewayOf, notificationUrl, sealAccountField } from './accounts';
import { normalizePrivateKey, normalizePublicKey } from './alipay';
import { type GatewayProvider, ProviderRefused, ProviderUnavailable } from './gateway';

/**
 * Settings -> Payments: a store's provider accounts. The secrets are sealed at rest and never
 * shown again, only their last 4 characters; "test connection" makes a read with the stored keys.
 */

export type StripeAccountInput = { mode: 'test' | 'live'; publishableKey: string; secretKey: string; webhookSecret: string };

export type PaymentAccountView = {
  provider: GatewayProvider;
  mode: 'test' | 'live';
  publicId: string;
  secretLast4: string;
  verifierLast4: string;
  verifiedAt: string | null;
  updatedAt: string;
  /** The URL to register with the provider for its notifications. */
  notificationUrl: string;
};

export { notificationUrl };

const last4 = (v: string) => v.slice(-4);

/** What a Stripe key of a mode looks like (Stripe's own prefixes): a live key in test mode is refused, and the reverse. */
export function stripeAccountIssues(input: StripeAccountInput): { path: string; code: string; message: string }[] {
  const issues: { path: string; code: string; message: string }[] = [];
  const m = input.mode;
  if (!new RegExp(`^pk_${m}_[A-Za-z0-9]{8,}$`).test(input.publishableKey)) {
    issues.push({ path: 'publishableKey', code: 'invalid_key', message: `Enter the ${m} publishable key (pk_${m}_…).` });
  }
  if (!new RegExp(`^(sk|rk)_${m}_[A-Za-z0-9]{8,}$`).test(input.secretKey)) {
    issues.push({ path: 'secretKey', code: 'invalid_key', message: `Enter the ${m} secret or restricted key (sk_${m}_… or rk_${m}_…).` });
  }
  if (!/^whsec_[A-Za-z0-9+/=_-]{16,}$/.test(input.webhookSecret)) {
    issues.push({ path: 'webhookSecret', code: 'invalid_key', message: 'Enter the webhook signing secret (whsec_…) of the endpoint shown below.' });
  }
  return issues;
}

export async function saveStripeAccount(ctx: ServiceContext, merchantId: string, input: StripeAccountInput): Promise<PaymentAccountView> {
  const issues = stripeAccountIssues(input);
  if (issues.length) throw new ServiceError('validation_failed', { issues });
  const a = { merchantId, provider: 'stripe' as const, mode: input.mode };
  await ctx.db.$transaction(async (tx) => {
    await saveProviderAccount(tx, {
      ...a,
      publicId: input.publishableKey,
      secretSealed: sealAccountField(input.secretKey, a, 'secret'),
      secretLast4: last4(input.secretKey),
      verifierSealed: sealAccountField(input.webhookSecret, a, 'verifier'),
      verifierLast4: last4(input.webhookSecret),
      now: ctx.now,
    });
    await recordAudit(tx, ctx.actor, {
      merchantId,
      action: 'payments.account_saved',
      subjectType: 'payment_provider_account',
      subjectId: `${merchantId}:stripe:${input.mode}`,
      occurredAt: ctx.now,
      details: { provider: 'stripe', mode: input.mode, publicId: input.publishableKey, secretLast4: last4(input.secretKey) },
    });
  });
  return (await listPaymentAccounts(ctx, merchantId)).find((v) => v.provider === 'stripe' && v.mode === input.mode)!;
}

export type AlipayAccountInput = { mode: 'test' | 'live'; appId: string; appPrivateKey: string; alipayPublicKey: string };

/** What an Alipay app's keys look like: a 16-digit app id, an RSA private key (2048 bits or more) and the Alipay public key, PEM or bare base64 as Alipay's key tool prints them. */
export function alipayAccountIssues(input: AlipayAccountInput): { issues: { path: string; code: string; message: string }[]; privateKey: string | null; publicKey: string | null } {
  const issues: { path: string; code: string; message: string }[] = [];
  if (!/^\d{16}$/.test(input.appId)) issues.push({ path: 'appId', code: 'invalid_app_id', message: 'Enter the 16-digit app id (APPID) of the Alipay app.' });
  const privateKey = normalizePrivateKey(input.appPrivateKey);
  if (!privateKey) issues.push({ path: 'appPrivateKey', code: 'invalid_key', message: 'Enter the app private key: an RSA2 (2048-bit) private key, PEM or the base64 the Alipay key tool shows.' });
  const publicKey = normalizePublicKey(input.alipayPublicKey);
  if (!publicKey) issues.push({ path: 'alipayPublicKey', code: 'invalid_key', message: 'Enter the Alipay public key (not the app public key): an RSA2 public key, PEM or base64.' });
  return { issues, privateKey, publicKey };
}

/** Saves (replaces) a mode's Alipay app: the private and the Alipay public key sealed at rest, as PEM. */
export async function saveAlipayAccount(ctx: ServiceContext, merchantId: string, input: AlipayAccountInput): Promise<PaymentAccountView> {
  const { issues, privateKey, publicKey } = alipayAccountIssues(input);
  if (issues.length) throw new ServiceError('validation_failed', { issues });
  const a = { merchantId, provider: 'alipay' as const, mode: input.mode };
  const keyLast4 = (pem: string) => last4(pem.replace(/-----[^-]+-----|\s/g, '').replace(/=+$/, ''));
  await ctx.db.$transaction(async (tx) => {
    await saveProviderAccount(tx, {
      ...a,
      publicId: input.appId,
      secretSealed: sealAccountField(privateKey!, a, 'secret'),
      secretLast4: keyLast4(privateKey!),
      verifierSealed: sealAccountField(publicKey!, a, 'verifier'),
      verifierLast4: keyLast4(publicKey!),
      now: ctx.now,
    });
    await recordAudit(tx, ctx.actor, {
      merchantId,
      action: 'payments.account_saved',
      subjectType: 'payment_provider_account',
      subjectId: `${merchantId}:alipay:${input.mode}`,
      occurredAt: ctx.now,
      details: { provider: 'alipay', mode: input.mode, publicId: input.appId, secretLast4: keyLast4(privateKey!) },
    });
  });
  return (await listPaymentAccounts(ctx, merchantId)).find((v) => v.provider === 'alipay' && v.mode === input.mode)!;
}

export async function removePaymentAccount(ctx: ServiceContext, merchantId: string, provider: GatewayProvider, mode: 'test' | 'live'): Promise<boolean> {
  return ctx.db.$transaction(async (tx) => {
    const removed = await deleteProviderAccount(tx, merchantId, provider, mode);
    if (removed) {
      await recordAudit(tx, ctx.actor, {
        merchantId,
        action: 'payments.account_removed',
        subjectType: 'payment_provider_account',
        subjectId: `${merchantId}:${provider}:${mode}`,
        occurredAt: ctx.now,
        details: { provider, mode },
      });
    }
    return removed;
  });
}

export async function listPaymentAccounts(ctx: ServiceContext, merchantId: string): Promise<PaymentAccountView[]> {
  return (await listProviderAccounts(ctx.db, merchantId)).map((a) => ({
    provider: a.provider,
    mode: a.mode,
    publicId: a.publicId,
    secretLast4: a.secretLast4,
    verifierLast4: a.verifierLast4,
    verifiedAt: a.verifiedAt?.toISOString() ?? null,
    updatedAt: a.updatedAt.toISOString(),
    notificationUrl: notificationUrl(a.provider, merchantId),
  }));
}

/** "Test connection": a read with the stored keys. */
export async function testPaymentAccount(
  ctx: ServiceContext,
  merchantId: string,
  provider: GatewayProvider,
  mode: 'test' | 'live',
): Promise<{ ok: true } | { ok: false; reason: 'not_configured' | 'refused' | 'unavailable'; message: string }> {
  const account = await readProviderAccount(ctx.db, merchantId, provider, mode);
  if (!account) return { ok: false, reason: 'not_configured', message: 'No account is saved for this mode.' };
  try {
    await gatewayOf(account).testConnection();
  } catch (err) {
    if (err instanceof ProviderRefused) return { ok: false, reason: 'refused', message: err.message };
    if (err instanceof ProviderUnavailable) return { ok: false, reason: 'unavailable', message: err.message };
    throw err;
  }
  await markProviderAccountVerified(ctx.db, merchantId, provider, mode, ctx.now);
  return { ok: true };
}
