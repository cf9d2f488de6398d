'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { isServiceError } from '@/lib/core/errors';
import { getRateLimiter, policyFor, rateLimitKey } from '@/lib/http/rate-limit';
import { createStorefrontChallenge } from '@/lib/store-access/create-storefront-challenge';
import { secureCookies, storeAccessCookieName } from '@/lib/store-access/presented-tokens';
import { StorefrontChallengeCreateRequest } from '@/lib/store-access/schemas';
import { answeringClientContext } from '@/lib/storefront/client-hint';
import { storefrontContext } from '@/lib/storefront/page-context';
import { safeReturnPath } from './return-path';

/** What the access page shows after a refused answer. */
export type UnlockFailure = { code: string; attemptsRemaining?: number; retryAfterSeconds?: number };
export type UnlockState = { failure: UnlockFailure | null };

/**
 * Answers the store's challenge for a browser: the same service as createStorefrontChallenge,
 * throttled by the same `challenge` policy and key, with the token stored as an HttpOnly cookie
 * (never visible to scripts) instead of returned. On success the shopper lands on `next`.
 */
async function unlock(slug: string, next: string, answer: unknown): Promise<UnlockState> {
  const parsed = StorefrontChallengeCreateRequest.safeParse(answer);
  if (!parsed.success) return { failure: { code: 'validation_failed' } };
  const ctx = await answeringClientContext(await storefrontContext());
  const policy = policyFor('challenge');
  const limit = await getRateLimiter().limit(policy, rateLimitKey(policy.name, { address: ctx.clientAddress, params: { store: slug } }));
  if (!limit.allowed) return { failure: { code: 'rate_limited', retryAfterSeconds: limit.resetSeconds } };

  let token: { value: string; expires: Date };
  try {
    const result = await createStorefrontChallenge(ctx, { store: slug, answer: parsed.data });
    token = { value: result.token, expires: new Date(result.expiresAt) };
  } catch (err) {
    if (!isServiceError(err)) throw err;
    if (err.persist) await err.persist(ctx.db);
    const details = err.details ?? {};
    return {
      failure: {
        code: err.code,
        attemptsRemaining: typeof details.attemptsRemaining === 'number' ? details.attemptsRemaining : undefined,
        retryAfterSeconds: typeof details.retryAfterSeconds === 'number' ? details.retryAfterSeconds : undefined,
      },
    };
  }
  const secure = secureCookies();
  (await cookies()).set(storeAccessCookieName(slug, secure), token.value, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    expires: token.expires,
  });
  redirect(safeReturnPath(slug, next));
}

export async function unlockWithPassword(slug: string, next: string, _previous: UnlockState, form: FormData): Promise<UnlockState> {
  return unlock(slug, next, { kind: 'password', password: String(form.get('password') ?? '') });
}

export async function unlockWithProofOfWork(slug: string, next: string, puzzle: unknown, solution: number): Promise<UnlockState> {
  return unlock(slug, next, { kind: 'proof_of_work', puzzle, solution });
}
