import { DEMO_CART_ID, DEMO_CART_SKU_ID } from '../demo/carts';
import { DEMO_CHECKOUT_SESSION_ID, DEMO_RETURN_ORIGIN } from '../demo/checkout';
import { stableUuid } from '../demo/ids';
import { demoStoreCategoryId } from '../demo/seed';
import {
  DEMO_AFTER_SALES_ORDER_ID,
  DEMO_AFTER_SALES_REQUEST_IDS,
  DEMO_DELIVERED_ORDER_ID,
  DEMO_DELIVERED_ORDER_LINE_ID,
  DEMO_FULFILLING_ORDER_ID,
  DEMO_PAID_ORDER_ID,
  DEMO_PENDING_ORDER_ID,
  DEMO_SHIPPED_ORDER_ID,
  DEMO_TO_CANCEL_ORDER_ID,
  DEMO_TO_CLOSE_ORDER_ID,
  DEMO_TO_FULFIL_ORDER_ID,
} from '../demo/order-ids';
import { DEMO_WEBHOOK_DELIVERY_ID, DEMO_WEBHOOK_ENDPOINT_ID } from '../demo/webhooks';
import type { OperationId } from '../operations';

/** A request an operation answers 200 on the seeded demo data: what /docs offers to "Try it" with. */
export type OperationExamples = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
};

/** A product CSV in Shopify's format for the demo store lumen-audio (en-US and USD by default, zh-CN and CNY beside). */
const productCsvExample = [
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Requires Shipping,Status,Title (zh-CN),Option1 Name (zh-CN),Option1 Value (zh-CN),Variant Price (CNY)',
  'walnut-desk-lamp,Walnut Desk Lamp,<p>Warm light for late work.</p>,Lumen,Lamps,"home, light",TRUE,Color,Walnut,LAMP-WAL,900,12,49.00,59.00,TRUE,active,胡桃木台灯,颜色,胡桃木色,349.00',
  'walnut-desk-lamp,,,,,,,,Black,LAMP-BLK,900,8,49.00,,TRUE,,,,黑色,349.00',
].join('\n');

const browserStep = { params: { sessionId: DEMO_CHECKOUT_SESSION_ID }, body: {} };

/** A decoration draft of the demo store the demo keys belong to (lumen-audio): its seeded block ids, its products. */
const lumenBlock = (name: string) => stableUuid(`decoration-block:lumen-audio:${name}`);
const lumenProductId = (slug: string) => stableUuid(`product:lumen-audio:${slug}`);
/** The k-th seeded image of a demo product of lumen-audio (lib/demo/media.ts). */
const lumenMediaId = (slug: string, k: number) => stableUuid(`media:${lumenProductId(slug)}:${k}`);
const lumenProduct = (slug: string) => ({ id: stableUuid(`product:lumen-audio:${slug}`), slug, title: slug, imageUrl: null, kind: 'physical', price: null });
const decorationDraft = {
  locale: 'en-US',
  market: 'US',
  blocks: [
    {
      id: lumenBlock('notice-shipping'),
      type: 'notice',
      text: { 'zh-CN': '30 天无忧退货 · 两年保修 · 免费刻字', 'en-US': '30-day returns · 2-year warranty · free engraving' },
      path: '/products/aurora-wireless-earbuds-pro',
      theme: { density: 'compact' },
    },
    {
      id: lumenBlock('banner-desktop'),
      type: 'image_banner',
      alt: { 'zh-CN': '书架音箱系列：木质箱体，温暖声场', 'en-US': 'Bookshelf speakers: wood cabinets, a warm soundstage' },
      path: '/products/bookshelf-speakers-pro',
      media: {
        id: stableUuid('decoration-media:lumen-banner'),
        kind: 'image',
        url: 'http://localhost:3000/media/decoration/lumen-banner.svg',
        thumbnailUrl: null,
        alt: 'Bookshelf speakers banner',
        width: 1600,
        height: 400,
        durationSeconds: null,
      },
    },
    {
      id: lumenBlock('headphones'),
      type: 'product_collection',
      title: { 'zh-CN': '本周推荐', 'en-US': 'Picks of the week' },
      products: [lumenProduct('aurora-wireless-earbuds-pro'), lumenProduct('bookshelf-speakers-pro')],
    },
  ],
};

/**
 * Each operation's documented request, by operation id. They name the demo seed's rows, so they
 * live with the document and not in the operation table: the contract holds no demo data.
 * response-examples.json records what each of them answered.
 */
const examples: Partial<Record<OperationId, OperationExamples>> = {
  getPublicStorefrontDecoration: { params: { slug: 'lumen-audio' } },
  getStorefrontDecorationDraft: {},
  saveStorefrontDecorationDraft: { body: { ...decorationDraft, expectedRevision: 1 } },
  validateStorefrontDecorationDraft: { body: decorationDraft },
  createStorefrontDecorationPreview: { body: { expiresInSeconds: 3600 } },
  publishStorefrontDecorationDraft: { body: { expectedVersion: 1 } },
  listStorefrontDecorationVersions: { query: { page: '1', pageSize: '20' } },
  getStorefrontDecorationVersion: { params: { version: '1' } },
  rollbackStorefrontDecoration: { params: { version: '1' }, body: {} },
  updateInstallationWebhook: {
    params: { id: DEMO_WEBHOOK_ENDPOINT_ID },
    body: { description: 'Order notifications for the fulfilment service', enabled: true },
  },
  getInstallationWebhookSignatureFixture: { params: { id: DEMO_WEBHOOK_ENDPOINT_ID } },
  createInstallationWebhook: {
    body: { url: 'https://example.com/webhooks/fulfilment', eventTypes: ['order.paid', 'order.cancelled'], description: 'Fulfilment service' },
  },
  listInstallationWebhooks: { query: { limit: '20' } },
  getInstallationWebhook: { params: { id: DEMO_WEBHOOK_ENDPOINT_ID } },
  deleteInstallationWebhook: { params: { id: DEMO_WEBHOOK_ENDPOINT_ID } },
  listInstallationEvents: { query: { kind: 'order.paid,order.delivered', limit: '5' } },
  listInstallationWebhookDeliveries: { params: { id: DEMO_WEBHOOK_ENDPOINT_ID }, query: { limit: '5' } },
  resendInstallationWebhookDelivery: { params: { id: DEMO_WEBHOOK_ENDPOINT_ID, deliveryId: DEMO_WEBHOOK_DELIVERY_ID } },
  sendInstallationWebhookTestEvent: { params: { id: DEMO_WEBHOOK_ENDPOINT_ID }, body: { kind: 'order.paid' } },
  createHostedCheckoutSession: {
    body: {
      cartId: DEMO_CART_ID,
      addressToken: 'adt_AAABmr3xYwAu9GQ3kq2m1cXbqfP8cY0L6cQ3yW1N0hE',
      returnUrl: `${DEMO_RETURN_ORIGIN}/thanks`,
      cancelUrl: `${DEMO_RETURN_ORIGIN}/cart`,
      locale: 'en-US',
      email: 'jordan.lee@example.com',
      expiresInMinutes: 60,
    },
  },
  getHostedCheckoutSession: { params: { sessionId: DEMO_CHECKOUT_SESSION_ID } },
  getHostedCheckoutBrowserProjection: browserStep,
  returnHostedCheckoutBrowser: browserStep,
  continueHostedCheckoutBrowser: { params: { sessionId: DEMO_CHECKOUT_SESSION_ID }, body: { step: 'review' } },
  cancelHostedCheckoutBrowser: browserStep,
  quotePublicCartCheckout: { params: { cartId: DEMO_CART_ID } },
  updatePublicCartItemQuantity: { params: { cartId: DEMO_CART_ID, skuId: DEMO_CART_SKU_ID }, body: { quantity: 2 } },
  addPublicCartItem: { params: { cartId: DEMO_CART_ID }, body: { skuId: DEMO_CART_SKU_ID, quantity: 1 } },
  removePublicCartItem: { params: { cartId: DEMO_CART_ID, skuId: DEMO_CART_SKU_ID }, body: {} },
  setPublicCartAddress: {
    params: { cartId: DEMO_CART_ID },
    body: {
      address: {
        country: 'US',
        recipient: 'Ada Lovelace',
        line1: '1 Market St',
        line2: 'Suite 300',
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94105',
        phone: '(415) 555-0134',
      },
    },
  },
  createPublicCart: { body: { market: 'US', locale: 'en-US' } },
  cancelStorefrontOrder: { params: { orderId: DEMO_PAID_ORDER_ID }, body: { reasonCode: 'changed_mind', note: 'Ordered the wrong size.' } },
  requestStorefrontOrderAfterSales: {
    params: { orderId: DEMO_DELIVERED_ORDER_ID },
    body: { type: 'return_and_refund', lines: [{ orderLineId: DEMO_DELIVERED_ORDER_LINE_ID, quantity: 1 }], reasonCode: 'damaged', note: 'The case arrived cracked.' },
  },
  getStorefrontOrder: { params: { orderId: DEMO_DELIVERED_ORDER_ID } },
  listStorefrontOrders: { query: { state: 'delivered', page: '1', pageSize: '20' } },
  listMerchantOrders: { query: { state: 'paid', limit: '2' } },
  getMerchantOrder: { params: { orderId: DEMO_AFTER_SALES_ORDER_ID } },
  markMerchantOrderPaid: { params: { orderId: DEMO_PENDING_ORDER_ID }, body: { expectedVersion: 1, reason: 'Bank transfer received' } },
  fulfilMerchantOrder: { params: { orderId: DEMO_TO_FULFIL_ORDER_ID }, body: {} },
  shipMerchantOrder: { params: { orderId: DEMO_FULFILLING_ORDER_ID }, body: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' } },
  deliverMerchantOrder: { params: { orderId: DEMO_SHIPPED_ORDER_ID }, body: {} },
  closeMerchantOrder: { params: { orderId: DEMO_TO_CLOSE_ORDER_ID }, body: {} },
  cancelMerchantOrder: { params: { orderId: DEMO_TO_CANCEL_ORDER_ID }, body: { reason: 'Out of stock at the warehouse' } },
  listMerchantAfterSales: { query: { state: 'open', limit: '20' } },
  approveMerchantAfterSales: { params: { requestId: DEMO_AFTER_SALES_REQUEST_IDS.toApprove }, body: {} },
  rejectMerchantAfterSales: { params: { requestId: DEMO_AFTER_SALES_REQUEST_IDS.toReject }, body: { reason: 'The photos show wear from use.' } },
  receiveMerchantAfterSales: { params: { requestId: DEMO_AFTER_SALES_REQUEST_IDS.toReceive }, body: {} },
  refundMerchantAfterSales: {
    params: { requestId: DEMO_AFTER_SALES_REQUEST_IDS.toRefund },
    body: { lines: [{ orderLineId: stableUuid(`order-line:${DEMO_AFTER_SALES_ORDER_ID}:4`), amount: 500 }], reason: 'Partial refund agreed with the shopper' },
  },
  exchangeMerchantAfterSales: { params: { requestId: DEMO_AFTER_SALES_REQUEST_IDS.toExchange }, body: {} },
  listInventoryLevels: { query: { low: 'true', limit: '2' } },
  getInventoryLevel: { params: { skuId: DEMO_CART_SKU_ID } },
  adjustInventoryLevel: { params: { skuId: DEMO_CART_SKU_ID }, body: { delta: 24, reason: 'received', note: 'Carton from the supplier' } },
  setInventoryLevel: { params: { skuId: DEMO_CART_SKU_ID }, body: { onHand: 120, reason: 'cycle_count' } },
  listInventoryAdjustments: { params: { skuId: DEMO_CART_SKU_ID }, query: { limit: '20' } },
  updateInventorySettings: { body: { lowStockThreshold: 8 } },
  createMerchantProduct: {
    body: {
      handle: 'studio-cable-set',
      status: 'active',
      title: { 'zh-CN': '录音室线材套装', 'en-US': 'Studio Cable Set' },
      description: { 'zh-CN': '平衡 XLR 与 TRS 线材各两条，镀金接头。', 'en-US': 'Two balanced XLR and two TRS cables with gold-plated plugs.' },
      vendor: 'Lumen Audio',
      productType: 'Cables',
      tags: ['studio', 'cables'],
      marketplaceCategory: 'accessories',
      categoryIds: [demoStoreCategoryId('listening')],
      options: [
        {
          key: 'length',
          name: { 'zh-CN': '长度', 'en-US': 'Length' },
          values: [
            { value: '1m', name: { 'zh-CN': '1 米', 'en-US': '1 m' } },
            { value: '3m', name: { 'zh-CN': '3 米', 'en-US': '3 m' } },
          ],
        },
      ],
      variants: [
        { code: 'CABLE-SET-1M', optionValues: { length: '1m' }, prices: [{ currency: 'USD', amount: 2900, compareAtAmount: 3500 }], weightGrams: 400, stock: 25 },
        { code: 'CABLE-SET-3M', optionValues: { length: '3m' }, prices: [{ currency: 'USD', amount: 3900 }], weightGrams: 900, stock: 10 },
      ],
    },
  },
  listMerchantProducts: { query: { q: 'plugin', status: 'active', stock: 'in_stock', limit: '2' } },
  getMerchantProduct: { params: { productId: lumenProductId('aurora-wireless-earbuds-pro') } },
  updateMerchantProduct: {
    params: { productId: lumenProductId('equalizer-plugin-mini') },
    body: { expectedVersion: 1, handle: 'equalizer-plugin-mini-2026', vendor: 'Lumen Audio', tags: ['plugin', 'mixing'], categoryIds: [demoStoreCategoryId('studio-software')] },
  },
  archiveMerchantProduct: { params: { productId: lumenProductId('equalizer-plugin-air') }, body: { expectedVersion: 1 } },
  unarchiveMerchantProduct: { params: { productId: lumenProductId('equalizer-plugin-air') }, body: { expectedVersion: 2 } },
  deleteMerchantProduct: { params: { productId: lumenProductId('home-recording-guide-mini') }, query: { expectedVersion: '1' } },
  createMerchantCategory: { body: { name: { 'zh-CN': '线材与配件', 'en-US': 'Cables & accessories' }, parentId: demoStoreCategoryId('listening'), position: 0 } },
  updateMerchantCategory: {
    params: { categoryId: demoStoreCategoryId('true-wireless') },
    body: { expectedVersion: 1, name: { 'zh-CN': '真无线耳机', 'en-US': 'True wireless earbuds' }, parentId: null, position: 1 },
  },
  deleteMerchantCategory: { params: { categoryId: demoStoreCategoryId('gift-ideas') }, query: { expectedVersion: '1' } },
  listPublicMerchantProducts: { params: { slug: 'lumen-audio' }, query: { page: '1', pageSize: '12' } },
  getPublicMerchantProduct: { params: { merchantSlug: 'lumen-audio', productSlug: 'aurora-wireless-earbuds-pro' } },
  getPublicMerchant: { params: { slug: 'lumen-audio' } },
  searchPublicProducts: {
    query: { q: '蓝牙耳机', locale: 'zh-CN', market: 'CN', sort: 'relevance', page: '1', pageSize: '10' },
  },
  getPublicStoreSecurityConfig: { params: { store: 'maison-atelier' } },
  createStorefrontChallenge: {
    params: { store: 'maison-atelier' },
    body: { kind: 'password', password: 'atelier-members-2026' },
  },
  // The file part is a CSV: "Try it" offers a file picker for it.
  dryRunMerchantProductImport: { body: { file: productCsvExample } },
  startMerchantProductImport: { body: { file: productCsvExample } },
  // An import startMerchantProductImport answered (its `id`).
  getMerchantProductImport: { params: { importId: stableUuid('product-import:example') } },
  listProductMedia: { params: { productId: lumenProductId('aurora-wireless-earbuds-pro') } },
  // The file part is binary: "Try it" offers a file picker for it (any PNG, JPEG, WebP, AVIF or GIF).
  uploadProductMedia: {
    params: { productId: lumenProductId('studio-monitor-headphones-pro') },
    body: { file: '(a PNG image)', altZhCN: '监听耳机侧面', altEnUS: 'Studio monitor headphones, side view' },
  },
  updateProductMedia: {
    params: { productId: lumenProductId('aurora-wireless-earbuds-pro'), mediaId: lumenMediaId('aurora-wireless-earbuds-pro', 0) },
    body: { alt: { 'en-US': 'Aurora Wireless Earbuds in Black, in their charging case' } },
  },
  deleteProductMedia: { params: { productId: lumenProductId('aurora-wireless-earbuds-pro'), mediaId: lumenMediaId('aurora-wireless-earbuds-pro', 3) } },
  reorderProductMedia: {
    params: { productId: lumenProductId('headphone-travel-case-pro') },
    body: { mediaIds: [lumenMediaId('headphone-travel-case-pro', 1), lumenMediaId('headphone-travel-case-pro', 0)] },
  },
  setSkuImage: {
    params: { productId: lumenProductId('aurora-wireless-earbuds-pro'), skuId: stableUuid(`sku:${lumenProductId('aurora-wireless-earbuds-pro')}:1`) },
    body: { mediaId: lumenMediaId('aurora-wireless-earbuds-pro', 2) },
  },
};

/** The documented request of an operation (empty when it needs nothing: no parameters, no body). */
export function operationExamples(operationId: string): OperationExamples {
  return examples[operationId as OperationId] ?? {};
}
