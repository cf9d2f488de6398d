/**
 * Store access limits, one table. Lockout counts answers per client address and store, and wrong
 * passwords per store; the `challenge` rate-limit policy throttles the address and store pair
 * before any answer is checked.
 */
export const storeAccessPolicy = {
  /** Lifetime of a store access token (and of its cookie). */
  tokenTtlSeconds: 30 * 60,
  /** A proof-of-work puzzle must be answered within this time of its issue. */
  puzzleTtlSeconds: 5 * 60,
  /** Default puzzle size: the hidden number lies in [0, maxNumber]. */
  defaultPowMaxNumber: 2_000_000,
  /** Wrong answers allowed per client and store inside the window before the pair is locked. */
  maxFailures: 5,
  failureWindowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  /**
   * Wrong passwords per store from all clients together inside the window before password answers
   * to that store pause for `storeLockSeconds`: guessing from many addresses at once gains nothing.
   * Proof-of-work answers stay open, so shoppers of a store that accepts them still get in.
   */
  maxStoreFailures: 50,
  storeLockSeconds: 15 * 60,
  /** Tokens a request may present (header and cookies together); more are ignored. */
  maxPresentedTokens: 8,
} as const;

/** The header API clients send the token in. */
export const STORE_ACCESS_HEADER = 'X-Store-Access-Token';

export const challengeKinds = ['password', 'proof_of_work'] as const;
export type ChallengeKind = (typeof challengeKinds)[number];
