import { MerchantProductCreateRequest, MerchantProductUpdateRequest } from '@/lib/catalog/admin-schemas';
import type { Currency } from '@/lib/schemas/common';
import { parseAmount } from '../settings/money-input';
import type { ProductsText } from './text';

/**
 * The product editor's form, read on the server: the fields the browser posts (names shared with
 * product-editor.tsx) into the body of createStoreProduct / updateStoreProduct, with the stock
 * wanted per variant; and the refusals of zod and the services turned back into messages next to
 * the fields they name. Pure: no database, no Next.
 */

type FormLike = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };
const str = (form: FormLike, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};
const count = (form: FormLike, name: string, max: number) => Math.min(max, Math.max(0, Number.parseInt(str(form, name), 10) || 0));
const both = (form: FormLike, name: string) => ({ 'zh-CN': str(form, `${name}.zh-CN`).trim(), 'en-US': str(form, `${name}.en-US`).trim() });
const orNull = (s: string) => s.trim() || null;

export type ReadVariant = {
  id?: string;
  code: string;
  optionValues: Record<string, string>;
  prices: { currency: Currency; amount: number; compareAtAmount: number | null }[];
  barcode: string | null;
  weightGrams: number | null;
  maxPerOrder: number;
};

export type ReadProductForm = {
  productId: string | null;
  expectedVersion: number | null;
  body: Record<string, unknown> & { handle: string; variants: ReadVariant[] };
  /** Units wanted per variant (by index) and the units the form was shown with (null: a new variant). */
  stock: { wanted: number; was: number | null }[];
  /** Each variant's price currencies in the order of its `prices` (to name the field of a price issue). */
  priceCurrencies: Currency[][];
  errors: Record<string, string>;
  /** What the form sent, to give back when it is refused (the editor keeps its own state; plain fields need this). */
  values: Record<string, string>;
};

const WHOLE = /^\d{1,7}$/;
/** The heaviest variant the product schema takes (weightGrams). */
const MAX_GRAMS = 1_000_000;

/** The editor's fields as a product body; amount and stock texts it cannot read become errors here, the rest is zod's and the service's to judge. */
export function readProductForm(form: FormLike, currencies: readonly Currency[], t: ProductsText): ReadProductForm {
  const errors: Record<string, string> = {};
  // The title in the language of each market the store sells in (CNY: zh-CN, USD: en-US), as the service requires.
  for (const [currency, lang] of [['USD', 'en-US'], ['CNY', 'zh-CN']] as const) {
    if (currencies.includes(currency) && !str(form, `title.${lang}`).trim()) errors[`title.${lang}`] = t.errors.requiredIn(lang === 'zh-CN' ? t.langZh : t.langEn);
  }
  const options = Array.from({ length: count(form, 'optionCount', 10) }, (_, i) => {
    const at = `options.${i}`;
    const values = Array.from({ length: count(form, `${at}.valueCount`, 60) }, (_, j) => {
      const name = both(form, `${at}.values.${j}`);
      return { value: (str(form, `${at}.values.${j}.value`).trim() || name['en-US'] || name['zh-CN']).slice(0, 60), name };
    }).filter((v) => v.value !== '');
    return { key: str(form, `${at}.key`).trim(), name: both(form, `${at}.name`), values };
  });
  const priceCurrencies: Currency[][] = [];
  const stock: ReadProductForm['stock'] = [];
  const variants = Array.from({ length: count(form, 'variantCount', 200) }, (_, i): ReadVariant => {
    const at = `variants.${i}`;
    const prices: ReadVariant['prices'] = [];
    const sold: Currency[] = [];
    for (const currency of currencies) {
      const amountText = str(form, `${at}.price.${currency}`).trim();
      const compareText = str(form, `${at}.compareAt.${currency}`).trim();
      if (!amountText) {
        if (compareText) errors[`${at}.price.${currency}`] = t.errors.amount;
        continue;
      }
      const amount = parseAmount(amountText);
      const compareAtAmount = compareText ? parseAmount(compareText) : null;
      if (amount === null) errors[`${at}.price.${currency}`] = t.errors.amount;
      if (compareText && (compareAtAmount === null || compareAtAmount === 0)) errors[`${at}.compareAt.${currency}`] = t.errors.amount;
      prices.push({ currency, amount: amount ?? 0, compareAtAmount });
      sold.push(currency);
    }
    priceCurrencies.push(sold);
    const stockText = str(form, `${at}.stock`).trim();
    const wasText = str(form, `${at}.stockWas`).trim();
    if (stockText && !WHOLE.test(stockText)) errors[`${at}.stock`] = t.errors.stock;
    stock.push({ wanted: WHOLE.test(stockText) ? Number(stockText) : 0, was: WHOLE.test(wasText) ? Number(wasText) : null });
    const optionValues: Record<string, string> = {};
    for (const o of options) {
      const v = str(form, `${at}.opt.${o.key}`);
      if (v) optionValues[o.key] = v;
    }
    const weight = str(form, `${at}.weightGrams`).trim();
    if (weight && (!WHOLE.test(weight) || Number(weight) > MAX_GRAMS)) errors[`${at}.weightGrams`] = t.errors.weight;
    if (str(form, `${at}.barcode`).trim().length > 64) errors[`${at}.barcode`] = t.errors.barcode;
    const max = str(form, `${at}.maxPerOrder`).trim();
    const id = str(form, `${at}.id`).trim();
    return {
      ...(id && { id }),
      code: str(form, `${at}.code`).trim(),
      optionValues,
      prices,
      barcode: orNull(str(form, `${at}.barcode`).trim()),
      weightGrams: WHOLE.test(weight) ? Number(weight) : null,
      maxPerOrder: WHOLE.test(max) ? Number(max) : 99,
    };
  });
  const seoTitle = both(form, 'seo.title');
  const seoDescription = both(form, 'seo.description');
  const version = str(form, 'expectedVersion');
  const body = {
    handle: str(form, 'handle').trim(),
    status: str(form, 'status') || 'draft',
    title: both(form, 'title'),
    description: both(form, 'description'),
    kind: str(form, 'kind') || 'physical',
    vendor: orNull(str(form, 'vendor')),
    productType: orNull(str(form, 'productType')),
    tags: str(form, 'tags')
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean),
    seo: {
      title: seoTitle['zh-CN'] || seoTitle['en-US'] ? seoTitle : null,
      description: seoDescription['zh-CN'] || seoDescription['en-US'] ? seoDescription : null,
    },
    marketplaceCategory: str(form, 'marketplaceCategory').trim() || null,
    categoryIds: form.getAll('categoryIds').filter((v): v is string => typeof v === 'string' && v !== ''),
    options,
    variants,
  };
  const values: Record<string, string> = {};
  for (const name of ['handle', 'vendor', 'productType', 'tags', 'status', 'kind', 'marketplaceCategory']) values[name] = str(form, name);
  return { productId: str(form, 'productId') || null, expectedVersion: /^\d{1,9}$/.test(version) ? Number(version) : null, body, stock, priceCurrencies, errors, values };
}

const limits: Record<string, number> = { title: 200, description: 10_000, 'seo.title': 70, 'seo.description': 320, vendor: 80, productType: 80, handle: 100 };

/**
 * The form field a refusal names, from its path in the body (`body.` or not: the service's issues
 * carry it, zod's do not): `variants.2.prices.0.amount` is `variants.2.price.CNY`.
 */
export function fieldOfIssue(path: string, priceCurrencies: readonly Currency[][]): string {
  const p = path.replace(/^body\.?/, '').split('.');
  if (p[0] === 'variants' && p.length >= 3) {
    const i = Number(p[1]);
    if (p[2] === 'prices' && p.length >= 4) {
      const currency = priceCurrencies[i]?.[Number(p[3])] ?? 'CNY';
      return `variants.${i}.${p[4] === 'compareAtAmount' ? 'compareAt' : 'price'}.${currency}`;
    }
    if (p[2] === 'code' || p[2] === 'barcode' || p[2] === 'weightGrams') return `variants.${i}.${p[2]}`;
    return 'variants';
  }
  if (p[0] === 'options' && p.length >= 3) {
    if (p[2] === 'name') return `options.${p[1]}.name.${p[3] ?? 'en-US'}`;
    if (p[2] === 'values' && p.length >= 4) return `options.${p[1]}.values.${p[3]}.${p[5] === 'zh-CN' ? 'zh-CN' : 'en-US'}`;
    if (p[2] === 'key') return `options.${p[1]}.name.en-US`;
    return `options.${p[1]}.values`;
  }
  if (p[0] === 'options') return 'options';
  if (p[0] === 'seo' && p.length >= 3) return `seo.${p[1]}.${p[2]}`;
  if ((p[0] === 'title' || p[0] === 'description') && p.length >= 2) return `${p[0]}.${p[1]}`;
  if (p[0] === 'tags' || p[0] === 'categoryIds' || p[0] === 'variants') return p[0];
  return p[0] || 'form';
}

/** The message for a refused field, in the page's language. */
export function issueMessage(field: string, code: string, t: ProductsText): string {
  const lang = field.endsWith('zh-CN') ? t.langZh : t.langEn;
  const base = field.replace(/\.(zh-CN|en-US)$/, '');
  if (code === 'too_small' || code === 'missing') {
    if (/^options\.\d+\.values$/.test(base)) return t.errors.optionValues;
    if (/^options\.\d+\.name$/.test(base)) return t.errors.optionName;
    if (base === 'variants') return t.errors.variants;
    if (/compareAt/.test(base)) return t.errors.compareAt;
    return field.endsWith('CN') || field.endsWith('US') ? t.errors.requiredIn(lang) : t.errors.required;
  }
  if (code === 'duplicate') return /\.code$/.test(field) ? t.errors.skuDuplicate : /^options/.test(field) ? t.errors.optionDuplicate : t.errors.invalid;
  if (code === 'too_big') {
    if (base === 'options') return t.errors.tooManyOptions;
    if (base === 'tags') return t.errors.tags;
    if (/^variants\.\d+\.barcode$/.test(base)) return t.errors.barcode;
    if (/^variants\.\d+\.weightGrams$/.test(base)) return t.errors.weight;
    const limit = limits[base] ?? (/^options\.\d+\.name$/.test(base) ? 40 : /^options/.test(base) ? 60 : undefined);
    return limit ? t.errors.tooLong(limit) : t.errors.invalid;
  }
  if (base === 'handle') return t.errors.handle;
  if (/\.code$/.test(base)) return t.errors.sku;
  if (/^variants\.\d+\.barcode$/.test(base)) return t.errors.barcode;
  if (/^variants\.\d+\.weightGrams$/.test(base)) return t.errors.weight;
  if (/\.(price|compareAt)\./.test(field)) return t.errors.amount;
  if (base === 'categoryIds') return t.errors.category;
  if (base === 'marketplaceCategory') return t.errors.marketplaceCategory;
  if (base === 'tags') return t.errors.tags;
  return t.errors.invalid;
}

/** Issues (zod's or the service's) as one message per field, the first of each. */
export function fieldErrors(issues: readonly { path: string; code: string }[], priceCurrencies: readonly Currency[][], t: ProductsText): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOfIssue(issue.path, priceCurrencies);
    errors[field] ??= issueMessage(field, issue.code, t);
  }
  return errors;
}

/**
 * The read form as the product services' request, checked by the operation's schema: a create
 * (every variant new, with its initial stock) when the form names no product, else an update at
 * the version the form was read at (an archived product keeps its status: archiving has its own action).
 */
export function productRequest(read: ReadProductForm) {
  if (read.productId === null) {
    return MerchantProductCreateRequest.safeParse({ ...read.body, variants: read.body.variants.map(({ id: _id, ...v }, i) => ({ ...v, stock: read.stock[i]!.wanted })) });
  }
  return MerchantProductUpdateRequest.safeParse({ ...read.body, expectedVersion: read.expectedVersion ?? 0, status: read.body.status === 'archived' ? undefined : read.body.status });
}
