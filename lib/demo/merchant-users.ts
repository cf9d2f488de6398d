import { createHmac } from 'node:crypto';
import { getServerSecret } from '../platform/server-secret';
import type { Db } from '../db/client';
import { hashPassword, verifyPassword } from '../merchant-users/passwords';
import { demoMerchants } from './catalog-data';
import { stableUuid } from './ids';

/** The demo password of a store's merchant user: derived from the server secret, so stable yet unguessable. */
function demoPassword(slug: string): string {
  return `demo-${createHmac('sha256', getServerSecret()).update(`demo-merchant-user:${slug}`).digest('base64url').slice(0, 16)}`;
}

/** One merchant user per demo store (owner@<slug>.example). Idempotent; follows a changed server secret. */
export async function seedDemoMerchantUsers(db: Db): Promise<{ store: string; email: string; password: string }[]> {
  const out: { store: string; email: string; password: string }[] = [];
  for (const m of demoMerchants) {
    const email = `owner@${m.slug}.example`;
    const password = demoPassword(m.slug);
    const merchantId = stableUuid(`merchant:${m.slug}`);
    const existing = await db.merchantUser.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
    if (!existing) {
      await db.merchantUser.create({
        data: {
          id: stableUuid(`merchant-user:${m.slug}`),
          email,
          displayName: `${m.displayName} owner`,
          passwordHash: await hashPassword(password),
          memberships: { create: [{ merchantId }] },
        },
      });
    } else if (!(await verifyPassword(existing.passwordHash, password))) {
      await db.merchantUser.update({ where: { id: existing.id }, data: { passwordHash: await hashPassword(password), failedSignIns: 0, lockedUntil: null } });
    }
    out.push({ store: m.slug, email, password });
  }
  return out;
}
