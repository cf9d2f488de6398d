import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors, fieldOfIssue, productRequest, readProductForm } from '../app/merchant/[store]/products/product-form';
import { combinations, optionKey, optionKeys, suggestedCode } from '../app/merchant/[store]/products/option-matrix';
import { productsText } from '../app/merchant/[store]/products/text';
import * as uploadRoute from '../app/merchant/[store]/products/[productId]/media/route';
import { readAuditTrail } from '../lib/audit/read-audit';
import { MerchantProductCreateRequest, MerchantProductUpdateRequest } from '../lib/catalog/admin-schemas';
import { bulkEditStoreProducts } from '../lib/catalog/bulk-edit-store-products';
import { countStoreProducts } from '../lib/catalog/count-store-products';
import { createStoreCategory } from '../lib/catalog/create-store-category';
import { createStoreProduct } from '../lib/catalog/create-store-product';
import { getStoreProduct } from '../lib/catalog/get-store-product';
import { listStoreProducts } from '../lib/catalog/list-store-products';
import { getMerchantOrThrow } from '../lib/catalog/merchants';
import { updateStoreProduct } from '../lib/catalog/update-store-product';
import { type Actor, createServiceContext } from '../lib/core/context';
import { ServiceError } from '../lib/core/errors';
import { getDb } from '../lib/db/client';
import { orderedSkuIds } from '../lib/orders/data';

/**
 * The console's product pages as a signed-in merchant user uses them: the editor's form read into
 * the product services' body (two options in both languages, the variant matrix, prices in both
 * currencies), refusals named by their form field, bulk changes (exact minor-unit price rounding,
 * status through archive and back, a category) each in the audit trail with the user as actor,
 * the status counts beside the list, and another store's products untouched.
 */

const user: Actor = { kind: 'merchant_user', userId: '00000000-0000-4000-8000-0000000000ab', email: 'owner@lumen-audio.example' };
const ctx = async () => createServiceContext({ db: await getDb(), actor: user });
const t = productsText('en-US');
const byCurrency = <P extends { currency: string }>(prices: P[]) => [...prices].sort((a, b) => a.currency.localeCompare(b.currency));
let lumen: string;
let huaxia: string;

/** The FormData the editor posts for a product with colour x size in both languages. */
function editorForm(handle: string, fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  const set = (k: string, v: string | number) => f.set(k, String(v));
  set('handle', handle);
  set('title.en-US', 'Trail Jacket');
  set('title.zh-CN', '山径夹克');
  set('description.en-US', 'Light and windproof.');
  set('description.zh-CN', '轻便防风。');
  set('status', 'draft');
  set('kind', 'physical');
  set('tags', 'outdoor, 户外 ,jacket');
  const options = [
    { key: 'colour', name: ['Colour', '颜色'], values: [['Red', '红色'], ['Blue', '蓝色']] },
    { key: 'size', name: ['Size', '尺码'], values: [['S', '小号'], ['M', '中号']] },
  ];
  set('optionCount', 2);
  options.forEach((o, i) => {
    set(`options.${i}.key`, o.key);
    set(`options.${i}.name.en-US`, o.name[0]!);
    set(`options.${i}.name.zh-CN`, o.name[1]!);
    set(`options.${i}.valueCount`, 2);
    o.values.forEach(([en, zh], j) => {
      set(`options.${i}.values.${j}.en-US`, en!);
      set(`options.${i}.values.${j}.zh-CN`, zh!);
    });
  });
  const combos = [['Red', 'S'], ['Red', 'M'], ['Blue', 'S'], ['Blue', 'M']];
  set('variantCount', 4);
  combos.forEach(([c, s], i) => {
    set(`variants.${i}.opt.colour`, c!);
    set(`variants.${i}.opt.size`, s!);
    set(`variants.${i}.code`, suggestedCode(handle, [c!, s!]));
    set(`variants.${i}.price.USD`, '59.99');
    set(`variants.${i}.price.CNY`, '399');
    set(`variants.${i}.stock`, String(i + 1));
    set(`variants.${i}.maxPerOrder`, '99');
  });
  for (const [k, v] of Object.entries(fields)) set(k, v);
  return f;
}

async function createFromForm(handle: string, fields: Record<string, string> = {}) {
  const read = readProductForm(editorForm(handle, fields), ['USD', 'CNY'], t);
  expect(read.errors).toEqual({});
  const parsed = productRequest(read);
  expect(parsed.error?.issues).toBeUndefined();
  return createStoreProduct(await ctx(), { merchantId: lumen, body: parsed.data as MerchantProductCreateRequest });
}

beforeAll(async () => {
  const db = await getDb();
  lumen = (await getMerchantOrThrow(db, 'lumen-audio')).id;
  huaxia = (await getMerchantOrThrow(db, 'huaxia-digital')).id;
}, 180_000);

describe('the editor’s matrix and form', () => {
  it('makes every combination of the option values, first option slowest, and keys from English names', () => {
    const v = (uid: string) => ({ uid, value: uid, 'en-US': uid, 'zh-CN': '' });
    expect(combinations([{ values: [v('red'), v('blue')] }, { values: [v('s'), v('m')] }])).toEqual([
      ['red', 's'],
      ['red', 'm'],
      ['blue', 's'],
      ['blue', 'm'],
    ]);
    expect(combinations([])).toEqual([[]]);
    expect(optionKey('Colour', [], 0)).toBe('colour');
    expect(optionKey('颜色', [], 1)).toBe('option_2');
    expect(optionKeys([{ key: '', name: { 'en-US': 'Size', 'zh-CN': '' } }, { key: '', name: { 'en-US': 'Size', 'zh-CN': '' } }])).toEqual(['size', 'size_2']);
    expect(suggestedCode('trail-jacket', ['Red', 'S'])).toBe('TRAIL-JACKET-RED-S');
  });

  it('reads a product in both languages with two options and four variants, and the service creates it as the merchant user', async () => {
    const handle = `trail-jacket-${Date.now()}`;
    const p = await createFromForm(handle);
    expect(p.title).toEqual({ 'en-US': 'Trail Jacket', 'zh-CN': '山径夹克' });
    expect(p.tags).toEqual(['outdoor', '户外', 'jacket']);
    expect(p.options.map((o) => o.name)).toEqual([
      { 'en-US': 'Colour', 'zh-CN': '颜色' },
      { 'en-US': 'Size', 'zh-CN': '尺码' },
    ]);
    expect(p.options[0]!.values[1]).toEqual({ value: 'Blue', name: { 'en-US': 'Blue', 'zh-CN': '蓝色' } });
    expect(p.variants.map((v) => [v.code, v.stock])).toEqual([
      [`${handle.toUpperCase()}-RED-S`, 1],
      [`${handle.toUpperCase()}-RED-M`, 2],
      [`${handle.toUpperCase()}-BLUE-S`, 3],
      [`${handle.toUpperCase()}-BLUE-M`, 4],
    ]);
    expect(byCurrency(p.variants[0]!.prices)).toEqual([
      { currency: 'CNY', amount: 39900, compareAtAmount: null },
      { currency: 'USD', amount: 5999, compareAtAmount: null },
    ]);
    const trail = (await readAuditTrail(await ctx(), { merchantId: lumen, subject: { type: 'product', id: p.id } })).entries;
    expect(trail[0]).toMatchObject({ action: 'product.create', actorKind: 'merchant_user', actorLabel: user.kind === 'merchant_user' ? user.email : '' });
  });

  it('names each refusal by its form field: unreadable amounts, a missing Chinese title, a compare-at at or below the price', async () => {
    const read = readProductForm(editorForm('x-jacket', { 'variants.1.price.CNY': '3.999', 'variants.2.stock': '-1' }), ['USD', 'CNY'], t);
    expect(read.errors).toEqual({ 'variants.1.price.CNY': 'Enter an amount such as 19.99.', 'variants.2.stock': 'Enter a whole number of units from 0.' });

    const handle = `no-zh-${Date.now()}`;
    const noZh = readProductForm(editorForm(handle, { 'title.zh-CN': '', 'variants.0.compareAt.CNY': '300' }), ['USD', 'CNY'], t);
    const body = productRequest(noZh).data as MerchantProductCreateRequest;
    const err = await createStoreProduct(await ctx(), { merchantId: lumen, body }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(fieldErrors((err as ServiceError).issues ?? [], noZh.priceCurrencies, t)).toEqual({
      'title.zh-CN': 'Required in Chinese (zh-CN): the store sells there.',
      'variants.0.compareAt.CNY': 'Must be above the price.',
    });
    expect(fieldOfIssue('body.options.1.values.0.name.zh-CN', [])).toBe('options.1.values.0.zh-CN');
    expect(fieldOfIssue('variants.2.prices.1.amount', [[], [], ['USD', 'CNY']])).toBe('variants.2.price.CNY');
  });

  it('reads each variant’s barcode and weight and the product category; a weight that is not whole grams, or a category not in the taxonomy, is refused beside its field', async () => {
    const handle = `weighed-${Date.now()}`;
    const p = await createFromForm(handle, { 'variants.0.barcode': ' 4006381333931 ', 'variants.0.weightGrams': '850', 'variants.3.weightGrams': '0', marketplaceCategory: 'outerwear' });
    expect(p.variants.map((v) => [v.barcode, v.weightGrams])).toEqual([
      ['4006381333931', 850],
      [null, null],
      [null, null],
      [null, 0],
    ]);
    expect(p.marketplaceCategory?.slug).toBe('outerwear');

    const bad = readProductForm(editorForm('x-weighed', { 'variants.1.weightGrams': '0.9kg', 'variants.2.weightGrams': '1000001', 'variants.3.barcode': 'x'.repeat(65) }), ['USD', 'CNY'], t);
    expect(bad.errors).toEqual({
      'variants.1.weightGrams': 'Enter whole grams from 0 to 1000000, such as 450.',
      'variants.2.weightGrams': 'Enter whole grams from 0 to 1000000, such as 450.',
      'variants.3.barcode': 'Keep the barcode to 64 characters.',
    });
    // The service's refusals name the same cells.
    expect(fieldErrors([{ path: 'body.variants.2.weightGrams', code: 'too_big' }, { path: 'variants.1.barcode', code: 'too_big' }], [], t)).toEqual({
      'variants.2.weightGrams': 'Enter whole grams from 0 to 1000000, such as 450.',
      'variants.1.barcode': 'Keep the barcode to 64 characters.',
    });

    const unknown = readProductForm(editorForm(`no-such-category-${Date.now()}`, { marketplaceCategory: 'no-such-category' }), ['USD', 'CNY'], t);
    const err = await createStoreProduct(await ctx(), { merchantId: lumen, body: productRequest(unknown).data as MerchantProductCreateRequest }).catch((e: unknown) => e);
    expect(fieldErrors((err as ServiceError).issues ?? [], unknown.priceCurrencies, t)).toEqual({ marketplaceCategory: 'Choose a category from the list.' });

    // Saved again from the editor without a category: the product leaves it.
    const again = readProductForm(editorForm(handle, { productId: p.id, expectedVersion: String(p.version) }), ['USD', 'CNY'], t);
    const body = productRequest(again).data as MerchantProductUpdateRequest;
    const saved = await updateStoreProduct(await ctx(), { merchantId: lumen, productId: p.id, body: { ...body, variants: body.variants!.map((v, i) => ({ ...v, id: p.variants[i]!.id })) }, orderedSkus: orderedSkuIds });
    expect(saved.marketplaceCategory).toBeNull();
  });

  it('a save from a stale version is refused with the current version, and changes nothing', async () => {
    const p = await createFromForm(`stale-${Date.now()}`);
    const c = await ctx();
    await updateStoreProduct(c, { merchantId: lumen, productId: p.id, body: MerchantProductUpdateRequest.parse({ expectedVersion: 1, vendor: 'Lumen' }), orderedSkus: orderedSkuIds });
    const stale = await updateStoreProduct(c, { merchantId: lumen, productId: p.id, body: MerchantProductUpdateRequest.parse({ expectedVersion: 1, vendor: 'Other' }), orderedSkus: orderedSkuIds }).catch((e: unknown) => e);
    expect(stale).toMatchObject({ code: 'product_version_conflict', details: { currentVersion: 2 } });
    expect((await getStoreProduct(c, { merchantId: lumen, productId: p.id })).vendor).toBe('Lumen');
  });
});

describe('bulk changes from the list', () => {
  it('changes prices by percent, rounded half up to the cent and fen, leaves other stores’ products alone, and audits each product', async () => {
    const a = await createFromForm(`bulk-a-${Date.now()}`);
    const b = await createFromForm(`bulk-b-${Date.now()}`, { 'variants.0.price.USD': '10.05', 'variants.0.compareAt.USD': '10.50' });
    const foreign = (await listStoreProducts(await ctx(), { merchantId: huaxia, query: { limit: 1 } })).data[0]!;
    const result = await bulkEditStoreProducts(await ctx(), {
      merchantId: lumen,
      productIds: [a.id, b.id, foreign.id],
      action: { kind: 'price', change: { mode: 'percent', basisPoints: -1000 }, currency: null },
      orderedSkus: orderedSkuIds,
    });
    expect(result).toEqual({ changed: [a.id, b.id], unchanged: [], failed: [{ id: foreign.id, code: 'product_not_found' }] });
    const after = await getStoreProduct(await ctx(), { merchantId: lumen, productId: b.id });
    // 10.05 x 0.9 = 9.045 → 9.05 (half up); its compare-at 10.50 stays above; 399.00 x 0.9 = 359.10.
    expect(byCurrency(after.variants[0]!.prices)).toEqual([
      { currency: 'CNY', amount: 35910, compareAtAmount: null },
      { currency: 'USD', amount: 905, compareAtAmount: 1050 },
    ]);
    expect(after.version).toBe(2);
    const untouched = (await listStoreProducts(await ctx(), { merchantId: huaxia, query: { limit: 1 } })).data[0]!;
    expect(untouched.version).toBe(foreign.version);
    const trail = (await readAuditTrail(await ctx(), { merchantId: lumen, subject: { type: 'product', id: b.id } })).entries;
    expect(trail[0]).toMatchObject({ action: 'product.update', actorKind: 'merchant_user' });
  });

  it('an amount change in one currency clears a compare-at no longer above the price; another run of the same status changes nothing', async () => {
    const p = await createFromForm(`bulk-c-${Date.now()}`, { 'variants.0.compareAt.USD': '61.00' });
    const c = await ctx();
    await bulkEditStoreProducts(c, { merchantId: lumen, productIds: [p.id], action: { kind: 'price', change: { mode: 'amount', minor: 200 }, currency: 'USD' }, orderedSkus: orderedSkuIds });
    const after = await getStoreProduct(c, { merchantId: lumen, productId: p.id });
    expect(byCurrency(after.variants[0]!.prices)).toEqual([
      { currency: 'CNY', amount: 39900, compareAtAmount: null },
      { currency: 'USD', amount: 6199, compareAtAmount: null },
    ]);
    const draft = await bulkEditStoreProducts(c, { merchantId: lumen, productIds: [p.id], action: { kind: 'status', status: 'draft' }, orderedSkus: orderedSkuIds });
    expect(draft).toEqual({ changed: [], unchanged: [p.id], failed: [] });
  });

  it('archives and brings back to active (through draft), and files products in a category, each counted under its status', async () => {
    const c = await ctx();
    const stamp = Date.now();
    const p = await createFromForm(`bulk-status-${stamp}`);
    const q = { q: `bulk-status-${stamp}` };
    expect(await countStoreProducts(c, { merchantId: lumen, query: q })).toEqual({ draft: 1, active: 0, archived: 0 });
    await bulkEditStoreProducts(c, { merchantId: lumen, productIds: [p.id], action: { kind: 'status', status: 'archived' }, orderedSkus: orderedSkuIds });
    expect(await countStoreProducts(c, { merchantId: lumen, query: q })).toEqual({ draft: 0, active: 0, archived: 1 });
    const back = await bulkEditStoreProducts(c, { merchantId: lumen, productIds: [p.id], action: { kind: 'status', status: 'active' }, orderedSkus: orderedSkuIds });
    expect(back.changed).toEqual([p.id]);
    expect(await countStoreProducts(c, { merchantId: lumen, query: q })).toEqual({ draft: 0, active: 1, archived: 0 });
    const actions = (await readAuditTrail(c, { merchantId: lumen, subject: { type: 'product', id: p.id } })).entries.map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(['product.update', 'product.unarchive', 'product.archive']);

    const category = await createStoreCategory(c, { merchantId: lumen, body: { name: { 'en-US': `Jackets ${stamp}`, 'zh-CN': `夹克 ${stamp}` }, parentId: null } });
    const filed = await bulkEditStoreProducts(c, { merchantId: lumen, productIds: [p.id], action: { kind: 'category', categoryId: category.id }, orderedSkus: orderedSkuIds });
    expect(filed.changed).toEqual([p.id]);
    expect((await listStoreProducts(c, { merchantId: lumen, query: { category: category.id, limit: 20 } })).data.map((x) => x.id)).toEqual([p.id]);
    const foreignCategory = await createStoreCategory(c, { merchantId: huaxia, body: { name: { 'en-US': `Other ${stamp}`, 'zh-CN': `其他 ${stamp}` }, parentId: null } });
    const refused = await bulkEditStoreProducts(c, { merchantId: lumen, productIds: [p.id], action: { kind: 'category', categoryId: foreignCategory.id }, orderedSkus: orderedSkuIds });
    expect(refused.failed).toEqual([{ id: p.id, code: 'validation_failed' }]);
  });
});

describe('an empty editor', () => {
  it('asks for the title in the language of each market the store sells in, beside each field', () => {
    const empty = new FormData();
    expect(readProductForm(empty, ['USD', 'CNY'], t).errors).toEqual({
      'title.en-US': 'Required in English (en-US): the store sells there.',
      'title.zh-CN': 'Required in Chinese (zh-CN): the store sells there.',
    });
    expect(readProductForm(empty, ['CNY'], productsText('zh-CN')).errors).toEqual({ 'title.zh-CN': '中文（zh-CN）必填：店铺在该市场销售。' });
  });
});

describe('the editor’s image upload route', () => {
  const url = 'http://127.0.0.1:3000/merchant/lumen-audio/products/00000000-0000-4000-8000-000000000001/media';
  const params = { params: Promise.resolve({ store: 'lumen-audio', productId: '00000000-0000-4000-8000-000000000001' }) };
  const post = (headers: Record<string, string>) => {
    const body = new FormData();
    body.set('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'a.png');
    return uploadRoute.POST(new Request(url, { method: 'POST', headers: { host: '127.0.0.1:3000', ...headers }, body }), params);
  };

  it('refuses a post from another origin, or one that names none, before anything is read (the console’s CSRF rule)', async () => {
    const foreign = await post({ origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toMatch(/only be sent from the merchant console/);
    expect((await post({})).status).toBe(403);
  });
});
