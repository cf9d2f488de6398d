/** Migrates and seeds the browser tests' database (DATABASE_URL or PGLITE_DATA_DIR from scripts/e2e-server.ts). */
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { createPublicCart } from '../lib/carts/create-public-cart';
import { setPublicCartAddress } from '../lib/carts/set-public-cart-address';
import { createHostedCheckoutSession } from '../lib/checkout/create-hosted-checkout-session';
import { createServiceContext } from '../lib/core/context';
import { firstPartyPrincipal } from '../lib/checkout/first-party';
import { closeDb, getDb } from '../lib/db/client';
import { applyMigrations, readMigrations } from '../lib/db/migrations';
import { pgRunner } from '../lib/db/sql-runner';
import { seedDemo } from '../lib/demo';
import { DEMO_CART_SKU_ID } from '../lib/demo/carts';
import { stableUuid } from '../lib/demo/ids';
import { e2eDemoFile, E2E_EXPIRED_SESSION_ID } from '../e2e/demo-file';
import { config, exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const { DATABASE_URL, PUBLIC_BASE_URL: baseUrl } = config();
if (DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  await applyMigrations(pgRunner(pool), await readMigrations());
  await pool.end();
}
// The embedded database migrates itself when opened.
const db = await getDb();
const { info, counts } = await seedDemo(db, baseUrl);

/**
 * An expired checkout session of the lumen-audio storefront, for the expired page: opened like
 * any other (cart, address, session), then its expiry moved into the past, as time would.
 */
async function seedExpiredSession(): Promise<string> {
  const existing = await db.checkoutSession.findUnique({ where: { id: E2E_EXPIRED_SESSION_ID } });
  if (existing) return existing.cartId;
  const merchantId = stableUuid('merchant:lumen-audio');
  const ctx = createServiceContext({ db, requestId: 'e2e_seed_expired', principal: await firstPartyPrincipal(db, merchantId, baseUrl) });
  const cart = await createPublicCart(ctx, { market: 'US', locale: 'en-US', items: [{ skuId: DEMO_CART_SKU_ID, quantity: 1 }] });
  const token = await setPublicCartAddress(ctx, {
    cartId: cart.id,
    address: { country: 'US', recipient: 'Riley Chen', line1: '1 Ferry Building', city: 'San Francisco', state: 'CA', postalCode: '94111' },
  });
  await createHostedCheckoutSession(
    ctx,
    { cartId: cart.id, addressToken: token.addressToken, returnUrl: `${baseUrl}/stores/lumen-audio`, cancelUrl: `${baseUrl}/stores/lumen-audio/cart`, expiresInMinutes: 5 },
    { sessionId: E2E_EXPIRED_SESSION_ID },
  );
  await db.checkoutSession.update({ where: { id: E2E_EXPIRED_SESSION_ID }, data: { expiresAt: new Date(Date.now() - 60_000) } });
  return cart.id;
}
info.e2e = { expiredSessionId: E2E_EXPIRED_SESSION_ID, expiredSessionCartId: await seedExpiredSession() };

// What the browser tests need from the seed (the storefront's first-party keys, for op 5).
writeFileSync(e2eDemoFile(baseUrl), JSON.stringify(info, null, 2), { mode: 0o600 });
await closeDb();
console.log(`e2e database ready: ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')}`);
