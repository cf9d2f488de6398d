import type { Db } from '../db/client';
import { demoMerchants } from './catalog-data';
import { seedDemoDecorations } from './decoration';
import { DEMO_CART_ID, DEMO_CART_SKU_ID, seedDemoCarts } from './carts';
import { seedDemoCheckout } from './checkout';
import { seedDemoOrders } from './orders';
import { seedDemoCatalog } from './seed';
import { seedDemoCredentials } from './seed-credentials';
import { seedDemoFirstParty } from './first-party';
import { seedDemoOAuth } from './oauth';
import { seedDemoMerchantUsers } from './merchant-users';
import { demoStoreAccessInfo, seedDemoStoreAccess } from './store-access';
import { seedDemoWebhookDelivery, seedDemoWebhooks } from './webhooks';
import { markPastEventsNotified } from '../notifications/data';

export type DemoInfo = {
  baseUrl: string;
  docs: string;
  stores: { slug: string; displayName: string; storefront: string; api: string; protected: boolean }[];
  tryIt: Record<string, string>;
  [extra: string]: unknown;
};

/**
 * Seeds everything a newcomer needs to try the product, and returns what to tell them.
 * Each feature adds its own demo rows here; every step is idempotent.
 */
export async function seedDemo(db: Db, baseUrl = 'http://localhost:3000'): Promise<{ info: DemoInfo; counts: Record<string, number> }> {
  const catalog = await seedDemoCatalog(db);
  const decorations = await seedDemoDecorations(db);
  const info: DemoInfo = {
    baseUrl,
    docs: `${baseUrl}/docs`,
    stores: demoMerchants.map((m) => ({
      slug: m.slug,
      displayName: m.displayName,
      storefront: `${baseUrl}/stores/${m.slug}`,
      api: `${baseUrl}/api/v1/catalog/merchants/${m.slug}`,
      protected: Boolean(m.password),
    })),
    tryIt: {
      bootstrap: `${baseUrl}/api/v1/bootstrap`,
      categories: `${baseUrl}/api/v1/catalog/categories`,
      products: `${baseUrl}/api/v1/catalog/merchants/lumen-audio/products?pageSize=5`,
      search: `${baseUrl}/api/v1/search?${new URLSearchParams({ q: '蓝牙耳机', locale: 'zh-CN', market: 'CN', sort: 'relevance', page: '1', pageSize: '10' })}`,
      searchWithTypo: `${baseUrl}/api/v1/search?q=wirless+earbuds&locale=en-US&market=US&sort=relevance&page=1&pageSize=10`,
      product: `${baseUrl}/api/v1/catalog/merchants/lumen-audio/products/aurora-wireless-earbuds-pro`,
      openapi: `${baseUrl}/api/v1/openapi.json`,
      decoration: `${baseUrl}/api/v1/storefront-decorations/merchants/lumen-audio`,
    },
  };
  info.decorationAuthoring =
    'npm run decoration:export -- lumen-audio draft.json; edit draft.json; npm run decoration:publish -- lumen-audio draft.json';
  const storeAccess = await seedDemoStoreAccess(db);
  info.storeAccess = demoStoreAccessInfo(baseUrl);
  const credentials = await seedDemoCredentials(db);
  info.apiKeys = {
    ...credentials,
    usage: `curl -H "Authorization: Bearer ${credentials.keys[0]!.key}" ${baseUrl}/api/v1/open/installation/identity`,
    identity: `${baseUrl}/api/v1/open/installation/identity`,
    readiness: `${baseUrl}/api/v1/open/installation/readiness`,
  };
  info.storefrontInstallations = await seedDemoFirstParty(db, baseUrl);
  info.oauth = await seedDemoOAuth(db, baseUrl);
  info.merchantUsers = await seedDemoMerchantUsers(db);
  const webhooks = await seedDemoWebhooks(db, credentials.installationId);
  info.webhooks = {
    ...webhooks,
    events: `${baseUrl}/api/v1/open/webhooks/events`,
    signatureFixture: `${baseUrl}/api/v1/open/webhooks/endpoints/${webhooks.endpointId}/signature-fixture`,
    enable: `npm run webhooks -- list; then PATCH ${baseUrl}/api/v1/open/webhooks/endpoints/${webhooks.endpointId} with {"url": "<your https receiver>", "enabled": true}`,
  };
  const carts = await seedDemoCarts(db, credentials.installationId);
  info.carts = {
    demoCartId: DEMO_CART_ID,
    exampleSkuId: DEMO_CART_SKU_ID,
    quote: `${baseUrl}/api/v1/open/storefront/carts/${DEMO_CART_ID}/checkout-quote`,
  };
  const checkout = await seedDemoCheckout(db, credentials.installationId, baseUrl);
  info.hostedCheckout = {
    demoSessionId: checkout.sessionId,
    page: `${baseUrl}/checkout/${checkout.sessionId}`,
    returnOrigins: checkout.origins,
    testCards: { success: '4242424242424242', declined: '4000000000000002', insufficientFunds: '4000000000009995' },
  };
  const [paidOrderId, deliveredOrderId] = await seedDemoOrders(db, credentials.installationId);
  await seedDemoWebhookDelivery(db, credentials.installationId, paidOrderId);
  info.orders = { paidOrderId, deliveredOrderId, operator: 'npm run orders -- list' };
  // The demo's history is not news: its orders mail nobody. What happens after the seed does (the mailbox, npm run mail).
  await markPastEventsNotified(db, new Date());
  return { info, counts: { ...catalog, ...decorations, ...carts, ...storeAccess } };
}
