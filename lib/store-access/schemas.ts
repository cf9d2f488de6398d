import { z } from 'zod';
import { STORE_ACCESS_HEADER, challengeKinds, storeAccessPolicy } from './policy';
import { POW_ALGORITHM } from './puzzle';

const StoreSlug = z.string().min(1).max(160);

export const StoreParams = z.strictObject({
  store: StoreSlug.meta({ description: 'Store slug.', example: 'maison-atelier' }),
});

export const ChallengeKind = z
  .enum(challengeKinds)
  .meta({ id: 'StorefrontChallengeKind', description: '`password`: the store password. `proof_of_work`: a solved puzzle.' });

export const Puzzle = z
  .strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]{22}$/).meta({ description: '128 random bits, base64url. Usable once.' }),
    store: StoreSlug.meta({ description: 'The store the puzzle opens; it opens no other.' }),
    algorithm: z.literal(POW_ALGORITHM),
    salt: z.string().regex(/^[0-9a-f]{32}$/).meta({ description: '32 lower-case hex characters.' }),
    challenge: z.string().regex(/^[0-9a-f]{64}$/).meta({ description: 'hex(SHA-256(salt + decimal(n))) of the hidden n.' }),
    maxNumber: z.int().min(1000).max(100_000_000).meta({ description: 'The hidden n lies in [0, maxNumber].' }),
    expiresAt: z.string().max(40).meta({ description: 'ISO 8601 time after which the puzzle is refused.' }),
    signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/).meta({
      description: 'HMAC-SHA256 by the server over all the other fields (base64url). Send the puzzle back unchanged.',
    }),
  })
  .meta({
    id: 'StorefrontProofOfWorkPuzzle',
    description:
      'Find the integer n in [0, maxNumber] such that the lower-case hex SHA-256 of `salt` followed by n in decimal (no leading zeros) equals `challenge`.',
  });
export type Puzzle = z.infer<typeof Puzzle>;

export const StoreSecurityConfig = z
  .strictObject({
    store: z.string(),
    access: z.enum(['open', 'protected']).meta({ description: '`protected`: reads of the store need a store access token.' }),
    challengeKinds: z.array(ChallengeKind).meta({ description: 'What unlocks the store; empty for an open store.' }),
    challengeUrl: z.string().nullable().meta({ description: 'Where to answer (createStorefrontChallenge); null for an open store.' }),
    accessPage: z.string().nullable().meta({ description: 'The page where a shopper unlocks the store in a browser.' }),
    token: z
      .strictObject({
        header: z.literal(STORE_ACCESS_HEADER),
        ttlSeconds: z.int().positive(),
      })
      .nullable()
      .meta({ description: 'How to present the token the challenge returns; null for an open store.' }),
    proofOfWork: z
      .strictObject({
        algorithm: z.literal(POW_ALGORITHM),
        maxNumber: z.int().positive(),
        puzzle: Puzzle.meta({ description: 'A fresh puzzle for this store: solve it and send it back within its lifetime.' }),
      })
      .nullable()
      .meta({ description: 'Present when the store accepts `proof_of_work`.' }),
    lockout: z
      .strictObject({
        maxFailures: z.int().positive(),
        windowSeconds: z.int().positive(),
        lockSeconds: z.int().positive(),
      })
      .nullable()
      .meta({ description: 'Wrong answers allowed per client and store in the window, and how long a lockout lasts.' }),
  })
  .meta({ id: 'PublicStoreSecurityConfig' });
export type StoreSecurityConfig = z.infer<typeof StoreSecurityConfig>;

export const PasswordAnswer = z
  .strictObject({
    kind: z.literal('password'),
    password: z.string().min(1).max(256),
  })
  .meta({ id: 'StorefrontPasswordAnswer' });

export const ProofOfWorkAnswer = z
  .strictObject({
    kind: z.literal('proof_of_work'),
    puzzle: Puzzle,
    solution: z.int().min(0).max(100_000_000).meta({ description: 'The number n found for the puzzle.' }),
  })
  .meta({
    id: 'StorefrontProofOfWorkAnswer',
    description: 'The shape only: a real puzzle comes from getPublicStoreSecurityConfig and expires within minutes.',
    example: {
      kind: 'proof_of_work',
      puzzle: {
        id: 'q3Jd0x6rVhQm2cL8pT1sWA',
        store: 'maison-atelier',
        algorithm: 'SHA-256',
        salt: '9f2c4e7a1b3d5f60718293a4b5c6d7e8',
        challenge: '5e1a8c0f3b7d9e2a4c6b8d0f1e3a5c7b9d2f4a6c8e0b1d3f5a7c9e1b3d5f7a9c',
        maxNumber: 2000000,
        expiresAt: '2026-11-22T10:05:00.000Z',
        signature: 'yKq0g0b2m5hQZ1oWl3Xw8s9dE4rT6uI7oP1aS2dF3gH',
      },
      solution: 1234567,
    },
  });

export const StorefrontChallengeCreateRequest = z
  .discriminatedUnion('kind', [PasswordAnswer, ProofOfWorkAnswer])
  .meta({
    id: 'StorefrontChallengeCreateRequest',
    description:
      'The answer to one of the challenge kinds the store accepts. For `proof_of_work`, take `proofOfWork.puzzle` from getPublicStoreSecurityConfig, solve it, and send it back unchanged with `solution`.',
  });
export type StorefrontChallengeCreateRequest = z.infer<typeof StorefrontChallengeCreateRequest>;

export const StorefrontChallengeResult = z
  .strictObject({
    store: z.string(),
    kind: ChallengeKind,
    token: z.string().meta({ description: `Store access token: send it in the ${STORE_ACCESS_HEADER} header.` }),
    tokenType: z.literal('store_access'),
    header: z.literal(STORE_ACCESS_HEADER),
    expiresAt: z.iso.datetime(),
    expiresIn: z.int().positive().meta({ description: `Seconds the token stays valid (${storeAccessPolicy.tokenTtlSeconds}).` }),
  })
  .meta({ id: 'StorefrontChallengeResult' });
export type StorefrontChallengeResult = z.infer<typeof StorefrontChallengeResult>;
