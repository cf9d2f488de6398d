import type { MerchantProduct } from '@/lib/catalog/admin-schemas';
import { amountInput } from '../settings/money-input';
import { emptyVariant } from './option-matrix';
import type { EditorProduct } from './product-editor';

const langs = (s: { 'zh-CN': string; 'en-US': string } | null | undefined) => ({ 'en-US': s?.['en-US'] ?? '', 'zh-CN': s?.['zh-CN'] ?? '' });

/** A product as the editor starts from it; a new one is an empty draft with one variant. */
export function editorProduct(p: MerchantProduct | null): EditorProduct {
  if (!p) {
    return {
      id: null,
      version: null,
      handle: '',
      status: 'draft',
      title: langs(null),
      description: langs(null),
      kind: 'physical',
      vendor: '',
      productType: '',
      tags: '',
      seo: { title: langs(null), description: langs(null) },
      categoryIds: [],
      marketplaceCategory: '',
      options: [],
      variants: [emptyVariant()],
    };
  }
  let n = 0;
  return {
    id: p.id,
    version: p.version,
    handle: p.handle,
    status: p.status,
    title: langs(p.title),
    description: langs(p.description),
    kind: p.kind,
    vendor: p.vendor ?? '',
    productType: p.productType ?? '',
    tags: p.tags.join(', '),
    seo: { title: langs(p.seo.title), description: langs(p.seo.description) },
    categoryIds: p.categories.map((c) => c.id),
    marketplaceCategory: p.marketplaceCategory?.slug ?? '',
    options: p.options.map((o) => ({
      uid: `o${++n}`,
      key: o.key,
      name: langs(o.name),
      values: o.values.map((v) => ({ uid: `v${++n}`, value: v.value, ...langs(v.name) })),
    })),
    variants: p.variants.map((v) => ({
      id: v.id,
      optionValues: v.optionValues,
      code: v.code,
      price: Object.fromEntries(v.prices.map((x) => [x.currency, amountInput(x.amount)])),
      compareAt: Object.fromEntries(v.prices.filter((x) => x.compareAtAmount !== null).map((x) => [x.currency, amountInput(x.compareAtAmount!)])),
      stock: String(v.stock),
      stockWas: v.stock,
      barcode: v.barcode ?? '',
      weightGrams: v.weightGrams === null ? '' : String(v.weightGrams),
      maxPerOrder: String(v.maxPerOrder),
    })),
  };
}
