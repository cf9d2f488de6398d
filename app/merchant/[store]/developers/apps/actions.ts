'use server';

import type { FormState } from '@/components/merchant/console-form';
import { revokeAppAccess } from '@/lib/oauth/revoke-app-access';
import { developersAction, field } from '../form-input';

/** Withdraws an installed app's OAuth access to this store: its grants and tokens are revoked. */
export async function revokeAppAccessAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, done } = await developersAction(form);
  if (field(form, 'confirm') !== 'yes') return { message: t.confirmFirst };
  const appId = field(form, 'appId');
  if (!store.apps.some((a) => a.appId === appId)) return { message: t.apps.errors.notFound };
  const result = await revokeAppAccess(ctx, { merchantId: store.merchantId, appId });
  return done({ notice: t.apps.revoked(result.grantsRevoked, result.tokensRevoked) });
}
