import 'server-only';
import { getMerchantOrThrow } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { markPuzzleUsed, purgeExpiredPuzzles } from './data';
import { assertNotLocked, clearFailures, refuseAnswer } from './lockout';
import { verifyStorePassword } from './password';
import { STORE_ACCESS_HEADER } from './policy';
import { isPuzzleAuthentic, isPuzzleExpired, isSolution } from './puzzle';
import type { Puzzle, StorefrontChallengeCreateRequest, StorefrontChallengeResult } from './schemas';
import { acceptedKinds, getStoreAccessSettings } from './settings';
import { issueStoreAccessToken } from './token';

export type CreateChallengeInput = { store: string; answer: StorefrontChallengeCreateRequest };

/**
 * Checks an answer to a store's access challenge and, when it is right, returns a store access
 * token for that store only. Order matters: the lockout is checked before any answer, and a
 * puzzle is only consumed once its solution is known to be right.
 */
export async function createStorefrontChallenge(
  ctx: ServiceContext,
  { store, answer }: CreateChallengeInput,
): Promise<StorefrontChallengeResult> {
  const merchant = await getMerchantOrThrow(ctx.db, store);
  const settings = await getStoreAccessSettings(ctx.db, merchant);
  const accepted = acceptedKinds(merchant, settings);
  if (!settings || !accepted.includes(answer.kind)) {
    throw new ServiceError('challenge_kind_not_accepted', { details: { kind: answer.kind, accepted } });
  }
  await assertNotLocked(ctx, merchant.id, answer.kind);

  if (answer.kind === 'password') {
    if (!(await verifyStorePassword(settings.passwordHash!, answer.password))) {
      await refuseAnswer(ctx, merchant.id, 'wrong_password');
    }
  } else {
    await checkProofOfWork(ctx, merchant.id, merchant.slug, answer.puzzle, answer.solution);
  }

  await clearFailures(ctx, merchant.id);
  const { token, expiresAt, expiresIn } = await issueStoreAccessToken({ store: merchant.slug, epoch: settings.accessEpoch }, ctx.now);
  return {
    store: merchant.slug,
    kind: answer.kind,
    token,
    tokenType: 'store_access',
    header: STORE_ACCESS_HEADER,
    expiresAt: expiresAt.toISOString(),
    expiresIn,
  };
}

async function checkProofOfWork(ctx: ServiceContext, merchantId: string, slug: string, puzzle: Puzzle, solution: number) {
  if (!isPuzzleAuthentic(puzzle)) await refuseAnswer(ctx, merchantId, 'puzzle_invalid');
  if (puzzle.store !== slug) await refuseAnswer(ctx, merchantId, 'puzzle_for_another_store');
  if (isPuzzleExpired(puzzle, ctx.now)) throw new ServiceError('challenge_expired', { details: { expiresAt: puzzle.expiresAt } });
  if (!isSolution(puzzle, solution)) await refuseAnswer(ctx, merchantId, 'wrong_solution');
  if (!(await markPuzzleUsed(ctx.db, { id: puzzle.id, merchantId, expiresAt: new Date(puzzle.expiresAt) }))) {
    throw new ServiceError('challenge_already_used');
  }
  await purgeExpiredPuzzles(ctx.db, ctx.now);
}
