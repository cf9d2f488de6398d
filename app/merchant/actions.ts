'use server';

import { redirect } from 'next/navigation';
import { merchantSessionUserId } from '@/lib/http/merchant-auth';
import { revokeAppAccessAsMember } from '@/lib/merchant-users/merchant-console';
import { storefrontContext } from '@/lib/storefront/page-context';

/**
 * Revoke an app's OAuth access to one of the signed-in merchant's stores (a Server Action: Next
 * refuses a foreign Origin). Its grants and tokens are revoked; the answer comes back as `?done=`.
 */
export async function revokeAppFromConsole(form: FormData): Promise<void> {
  const lang = String(form.get('lang') ?? '');
  const userId = await merchantSessionUserId();
  if (!userId) redirect('/merchant/sign-in');
  const merchantId = String(form.get('merchantId') ?? '');
  const appId = String(form.get('appId') ?? '');
  const ctx = await storefrontContext();
  const uuid = /^[0-9a-f-]{36}$/i;
  const result = uuid.test(merchantId) && uuid.test(appId) ? await revokeAppAccessAsMember(ctx, { userId, merchantId, appId }) : null;
  const q = new URLSearchParams({ ...(lang && { lang }), ...(result ? { done: 'revoked', app: appId } : { error: 'not_member' }) });
  redirect(`/merchant?${q}`);
}
