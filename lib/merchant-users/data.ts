import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';

/** The merchant users' queries: accounts, their sign-in failures and their store memberships. */

type Tx = Db | Prisma.TransactionClient;

const memberships = { memberships: { select: { merchantId: true } } } as const;

function withMerchantIds<T extends { memberships: { merchantId: string }[] }>({ memberships, ...user }: T): Omit<T, 'memberships'> & { merchantIds: string[] } {
  return { ...user, merchantIds: memberships.map((m) => m.merchantId) };
}

export type MerchantUserAccount = {
  id: string;
  email: string;
  displayName: string;
  passwordHash: string;
  failedSignIns: number;
  lockedUntil: Date | null;
  merchantIds: string[];
};

/** The account with this (lower-cased) email and the stores it belongs to, or undefined. */
export async function readMerchantUserByEmail(db: Tx, email: string): Promise<MerchantUserAccount | undefined> {
  const user = await db.merchantUser.findUnique({
    where: { email },
    select: { id: true, email: true, displayName: true, passwordHash: true, failedSignIns: true, lockedUntil: true, ...memberships },
  });
  return user ? withMerchantIds(user) : undefined;
}

/** The user with this id and the stores they belong to, or undefined. */
export async function readMerchantUser(db: Tx, id: string): Promise<{ id: string; email: string; displayName: string; merchantIds: string[] } | undefined> {
  const user = await db.merchantUser.findUnique({ where: { id }, select: { id: true, email: true, displayName: true, ...memberships } });
  return user ? withMerchantIds(user) : undefined;
}

/** Every user, by email, with the stores they belong to and their lock. */
export async function listMerchantUsers(db: Tx): Promise<{ email: string; lockedUntil: Date | null; merchantIds: string[] }[]> {
  const users = await db.merchantUser.findMany({ orderBy: { email: 'asc' }, select: { email: true, lockedUntil: true, ...memberships } });
  return users.map(withMerchantIds);
}

/** A new user, member of these stores. */
export async function insertMerchantUser(
  db: Tx,
  user: { email: string; passwordHash: string; displayName: string; merchantIds: readonly string[] },
): Promise<{ id: string; displayName: string }> {
  return db.merchantUser.create({
    data: {
      email: user.email,
      passwordHash: user.passwordHash,
      displayName: user.displayName,
      memberships: { create: user.merchantIds.map((merchantId) => ({ merchantId })) },
    },
    select: { id: true, displayName: true },
  });
}

/** Sets the password of the user with this email and lifts any lock; false when there is no such user. */
export async function replacePassword(db: Tx, email: string, passwordHash: string): Promise<boolean> {
  const { count } = await db.merchantUser.updateMany({ where: { email }, data: { passwordHash, failedSignIns: 0, lockedUntil: null } });
  return count > 0;
}

/** Records the user's failed sign-ins in a row and the lock they earned. */
export async function setSignInFailures(db: Tx, id: string, failedSignIns: number, lockedUntil: Date | null): Promise<void> {
  await db.merchantUser.update({ where: { id }, data: { failedSignIns, lockedUntil } });
}

export async function isMember(db: Tx, userId: string, merchantId: string): Promise<boolean> {
  return (await db.merchantMembership.findUnique({ where: { userId_merchantId: { userId, merchantId } }, select: { userId: true } })) !== null;
}

/** The user's password hash, or undefined when there is no such user. */
export async function readPasswordHash(db: Tx, id: string): Promise<string | undefined> {
  return (await db.merchantUser.findUnique({ where: { id }, select: { passwordHash: true } }))?.passwordHash;
}

export async function setPasswordHash(db: Tx, id: string, passwordHash: string): Promise<void> {
  await db.merchantUser.update({ where: { id }, data: { passwordHash } });
}
