import { createStorefrontClient, isStorefrontError, verifyWebhook, WebhookVerificationError } from '@storefront-commerce/sdk';

// The demo deployment's facts are in .data/demo.json (`npm run dev` writes it): apiKeys.keys[0].key,
// webhooks.secret and webhooks.endpointId.
const env = (name: string) => process.env[name] ?? (() => { throw new Error(`Set ${name}`); })();

// 1. A client with an API key (sk_test_… or sk_live_…).
const sf = createStorefrontClient({ baseUrl: process.env.STOREFRONT_BASE_URL ?? 'http://localhost:3000', apiKey: env('STOREFRONT_API_KEY') });

// 2. List a store's products: lists resolve to { data, meta }; sf.paginate(...) walks every page.
const products = await sf.listPublicMerchantProducts({ path: { slug: 'lumen-audio' }, query: { pageSize: 5 } });
console.log(`products: ${products.meta.total} in the store, first "${products.data[0]?.title['en-US']}"`);

// 3. Create a cart and add an item. Writes get an Idempotency-Key, reused when the SDK retries.
const product = await sf.getPublicMerchantProduct({ path: { merchantSlug: 'lumen-audio', productSlug: products.data[0]!.slug } });
const sku = product.skus.find((s) => s.available);
if (!sku) throw new Error('nothing in stock');
const cart = await sf.createPublicCart({ body: { market: 'US', locale: 'en-US' } });
try {
  const updated = await sf.addPublicCartItem({ path: { cartId: cart.id }, body: { skuId: sku.id, quantity: 1 } });
  console.log(`cart: ${updated.id} holds ${updated.itemCount} item(s), version ${updated.version}`);
} catch (err) {
  // err.code is narrowed to the codes addPublicCartItem declares (plus 5xx ones).
  if (isStorefrontError(err, 'addPublicCartItem') && err.code === 'insufficient_stock') console.log('sold out meanwhile');
  else throw err;
}

// 4. Verify webhooks. This is a receiver (a Next.js route handler, a Vercel function, a Worker):
// verify the raw body with the endpoint's whsec_ secret before trusting anything in it.
async function receiveWebhook(request: Request): Promise<Response> {
  try {
    const event = verifyWebhook({ payload: await request.text(), headers: request.headers, secret: env('STOREFRONT_WEBHOOK_SECRET') });
    switch (event.type) {
      case 'order.paid':
        console.log(`order ${event.data.orderNumber} paid: ${event.data.amount} ${event.data.currency}`);
        break;
      default:
        console.log(`event ${event.type} about ${event.subject.type} ${event.subject.id}`);
    }
    return new Response(null, { status: 204 });
  } catch (err) {
    if (err instanceof WebhookVerificationError) return new Response('invalid signature', { status: 400 });
    throw err;
  }
}

// Try it with the signed samples the API makes for your endpoint: one valid, the others forged.
const fixture = await sf.getInstallationWebhookSignatureFixture({ path: { id: env('STOREFRONT_WEBHOOK_ENDPOINT_ID') } });
for (const vector of fixture.vectors) {
  const answer = await receiveWebhook(new Request('https://app.example/webhooks', { method: 'POST', headers: vector.headers, body: vector.body }));
  console.log(`webhook ${vector.name}: ${answer.status} (${vector.expected === 'valid' ? 'accept' : 'reject'} expected)`);
}
