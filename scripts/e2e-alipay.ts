/**
 * The browser journeys' Alipay test account (run by scripts/e2e-server.ts after the seed, when it
 * started the lane's fake Alipay gateway): the CN demo store (huaxia-digital) gets the fake's app
 * as its test-mode Alipay app, and a test API key of its own to open CNY checkout sessions with
 * (returning to https://merchant.example);
 * both facts go to e2eAlipayFile(PUBLIC_BASE_URL) for the journeys.
 *
 *   tsx --conditions=react-server scripts/e2e-alipay.ts <fake-keys.json> <fake-url>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { e2eAlipayFile } from '../e2e/demo-file';
import { getMerchantOrThrow } from '../lib/catalog/merchants';
import { saveAlipayAccount } from '../lib/checkout/payments/settings';
import { allowReturnOrigin } from '../lib/checkout/return-urls';
import { createServiceContext } from '../lib/core/context';
import { closeDb, getDb } from '../lib/db/client';
import { config, exitOnInvalidConfig } from '../lib/platform/config';
import { createTestCredential } from '../tests/helpers/keys';
import type { FakeAlipayKeys } from '../tests/helpers/fake-alipay';

exitOnInvalidConfig();
const [keysFile, fakeUrl] = process.argv.slice(2);
if (!keysFile || !fakeUrl) throw new Error('usage: e2e-alipay.ts <fake-keys.json> <fake-url>');
const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as FakeAlipayKeys;
const db = await getDb();
const store = await getMerchantOrThrow(db, 'huaxia-digital');
await saveAlipayAccount(createServiceContext({ db, requestId: 'e2e_seed_alipay' }), store.id, {
  mode: 'test',
  appId: keys.appId,
  appPrivateKey: keys.appPrivateKey,
  alipayPublicKey: keys.alipayPublicKey,
});
const cred = await createTestCredential({ merchantSlug: 'huaxia-digital', scopes: ['catalog:read', 'checkout:quote', 'checkout:write', 'orders:read'], app: 'e2e-alipay' });
// The journeys' sessions return to the same placeholder merchant site as the demo's (e2e/sessions.ts).
await allowReturnOrigin(db, cred.installationId, 'https://merchant.example');
writeFileSync(e2eAlipayFile(config().PUBLIC_BASE_URL!), JSON.stringify({ apiKey: cred.key, fakeUrl }), { mode: 0o600 });
await closeDb();
console.log(`e2e Alipay: huaxia-digital pays with the fake gateway at ${fakeUrl}`);
