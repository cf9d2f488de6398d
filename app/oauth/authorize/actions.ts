'use server';

import { redirect } from 'next/navigation';
import { merchantSessionUserId } from '@/lib/http/merchant-auth';
import { isMemberOf } from '@/lib/merchant-users/merchant-console';
import { approveAuthorization } from '@/lib/oauth/approve-authorization';
import { oauthIssuer } from '@/lib/oauth/endpoints';
import { authorizationResponseUrl, validateAuthorizationRequest } from '@/lib/oauth/validate-authorization-request';
import { storefrontContext } from '@/lib/storefront/page-context';

/*
 * The consent form's two answers (Server Actions: Next refuses a foreign Origin). The request is
 * validated again from its own query string, the merchant's session and membership checked again,
 * then the browser goes back to the app's exact redirect URI: with a code on approval, with
 * access_denied on refusal (RFC 6749 §4.1.2, RFC 9207 iss).
 */

async function checked(form: FormData) {
  const request = new URLSearchParams(String(form.get('request') ?? ''));
  const here = `/oauth/authorize?${request}`;
  const userId = await merchantSessionUserId();
  if (!userId) redirect(`/merchant/sign-in?${new URLSearchParams({ callbackUrl: here })}`);
  const ctx = await storefrontContext();
  const valid = await validateAuthorizationRequest(ctx.db, request);
  if ('error' in valid) redirect(valid.redirect ? valid.redirect.toString() : here);
  return { ctx, userId, valid, here };
}

export async function approveFromConsent(form: FormData): Promise<void> {
  const { ctx, userId, valid, here } = await checked(form);
  const merchantId = String(form.get('merchantId') ?? '');
  if (!/^[0-9a-f-]{36}$/i.test(merchantId) || !(await isMemberOf(ctx, { userId, merchantId }))) redirect(here);
  const { code } = await approveAuthorization(ctx, {
    clientRowId: valid.client.id,
    merchantId,
    redirectUri: valid.redirectUri,
    scopes: valid.scopes,
    codeChallenge: valid.codeChallenge,
    dpopJkt: valid.dpopJkt,
  });
  redirect(authorizationResponseUrl(valid, code).toString());
}

export async function denyFromConsent(form: FormData): Promise<void> {
  const { valid } = await checked(form);
  const url = new URL(valid.redirectUri);
  url.searchParams.set('error', 'access_denied');
  url.searchParams.set('error_description', 'The merchant denied the request.');
  if (valid.state) url.searchParams.set('state', valid.state);
  url.searchParams.set('iss', oauthIssuer());
  redirect(url.toString());
}
