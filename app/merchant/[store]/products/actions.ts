'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { FormState } from '@/components/merchant/console-form';
import type { MerchantProductCreateRequest, MerchantProductUpdateRequest } from '@/lib/catalog/admin-schemas';
import { archiveStoreProduct, unarchiveStoreProduct } from '@/lib/catalog/archive-store-product';
import { type BulkProductAction, bulkEditStoreProducts } from '@/lib/catalog/bulk-edit-store-products';
import { parsePercent, parseSignedAmount, MAX_PERCENT_BP, MIN_PERCENT_BP } from '@/lib/catalog/bulk-price';
import { adjustStock } from '@/lib/catalog/change-stock';
import { createStoreProduct } from '@/lib/catalog/create-store-product';
import { deleteStoreProduct } from '@/lib/catalog/delete-store-product';
import { getMerchantByIdOrThrow } from '@/lib/catalog/merchants';
import { updateStoreProduct } from '@/lib/catalog/update-store-product';
import { isServiceError } from '@/lib/core/errors';
import { deleteProductMedia } from '@/lib/media/delete-product-media';
import { listProductMedia } from '@/lib/media/list-product-media';
import { reorderProductMedia } from '@/lib/media/reorder-product-media';
import { setSkuImages } from '@/lib/media/set-sku-image';
import { updateProductMedia } from '@/lib/media/update-product-media';
import { orderedSkuIds } from '@/lib/orders/data';
import { marketCurrency } from '@/lib/schemas/common';
import { consoleRequest } from '../console';
import { fieldErrors, productRequest, readProductForm } from './product-form';
import { productsText } from './text';

/**
 * The product pages' Server Actions (Next refuses a foreign Origin: the console's CSRF
 * protection). Each names its store in a hidden field and is checked against the session's
 * memberships like a page (another store is the 404); the services validate again, hold each
 * product's version and record who did what in the audit trail. A refusal comes back with its
 * message next to its field; a stale save says so beside the form and keeps what was typed.
 */

const field = (form: FormData, name: string) => String(form.get(name) ?? '');
const productsPath = (slug: string) => `/merchant/${encodeURIComponent(slug)}/products`;

export async function bulkProductsAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  const op = field(form, 'op');
  const productIds = form.getAll('ids').filter((v): v is string => typeof v === 'string');
  const values = { status: field(form, 'status'), mode: field(form, 'mode'), change: field(form, 'change'), currency: field(form, 'currency'), categoryId: field(form, 'categoryId') };
  if (!productIds.length) return { message: t.errors.choose, values };
  let action: BulkProductAction;
  if (op === 'status') {
    if (values.status !== 'draft' && values.status !== 'active' && values.status !== 'archived') return { errors: { status: t.errors.status }, values };
    action = { kind: 'status', status: values.status };
  } else if (op === 'price') {
    const currency = values.currency === 'CNY' || values.currency === 'USD' ? values.currency : null;
    if (values.mode === 'amount') {
      const minor = parseSignedAmount(values.change);
      if (minor === null || minor === 0) return { errors: { change: t.errors.signedAmount }, values };
      action = { kind: 'price', change: { mode: 'amount', minor }, currency };
    } else {
      const bp = parsePercent(values.change);
      if (bp === null || bp === 0 || bp < MIN_PERCENT_BP || bp > MAX_PERCENT_BP) return { errors: { change: t.errors.percent }, values };
      action = { kind: 'price', change: { mode: 'percent', basisPoints: bp }, currency };
    }
  } else if (op === 'category') {
    if (!/^[0-9a-f-]{36}$/i.test(values.categoryId)) return { errors: { categoryId: t.errors.category }, values };
    action = { kind: 'category', categoryId: values.categoryId };
  } else {
    return { message: t.errors.invalid, values };
  }
  const result = await bulkEditStoreProducts(ctx, { merchantId: store.merchantId, productIds, action, orderedSkus: orderedSkuIds });
  revalidatePath(productsPath(store.slug), 'layout');
  const notice = t.bulkDone(result.changed.length, result.unchanged.length);
  if (!result.failed.length) return { notice };
  const reasons = [...new Set(result.failed.map((f) => failureWord(f.code, t)))].join('; ');
  return { notice, message: t.bulkFailed(result.failed.length, reasons) };
}

function failureWord(code: string, t: ReturnType<typeof productsText>): string {
  if (code === 'product_not_found') return t.gone;
  if (code === 'product_has_orders') return t.errors.hasOrders;
  if (code === 'category_not_found' || code === 'validation_failed') return t.errors.category;
  if (code === 'product_version_conflict') return t.bulkConflict;
  return code;
}

/** Creates the product, or saves it at the version the form was read at; then moves each variant's stock to the units typed. */
export async function saveProductAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  const merchant = await getMerchantByIdOrThrow(ctx.db, store.merchantId);
  const currencies = merchant.markets.map((m) => marketCurrency[m]);
  const read = readProductForm(form, currencies, t);
  const { values, priceCurrencies } = read;
  const errors = { ...read.errors };
  const creating = read.productId === null;
  const base = productsPath(store.slug);

  const parsed = productRequest(read);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code })), priceCurrencies, t), errors);
  if (Object.keys(errors).length || !parsed.success) return { errors, values };

  let productId: string;
  let variants: { id: string; code: string }[];
  try {
    const product = creating
      ? await createStoreProduct(ctx, { merchantId: store.merchantId, body: parsed.data as MerchantProductCreateRequest })
      : await updateStoreProduct(ctx, { merchantId: store.merchantId, productId: read.productId!, body: parsed.data as MerchantProductUpdateRequest, orderedSkus: orderedSkuIds });
    productId = product.id;
    variants = product.variants;
  } catch (err) {
    if (!isServiceError(err)) throw err;
    switch (err.code) {
      case 'validation_failed':
        return { errors: fieldErrors(err.issues ?? [], priceCurrencies, t), values };
      case 'product_handle_taken':
        return { errors: { handle: t.errors.handleTaken }, values };
      case 'sku_code_taken': {
        const codes = (err.details as { codes?: string[] } | undefined)?.codes ?? [];
        const taken: Record<string, string> = {};
        read.body.variants.forEach((v, i) => {
          if (codes.includes(v.code)) taken[`variants.${i}.code`] = t.errors.skuTaken;
        });
        return { errors: Object.keys(taken).length ? taken : { variants: t.errors.skuTaken }, values };
      }
      case 'product_version_conflict':
        return { message: t.conflict((err.details as { currentVersion: number }).currentVersion), values };
      case 'product_has_orders':
        return { errors: { variants: t.errors.hasOrders }, values };
      case 'product_not_found':
        return { message: t.gone, values };
      default:
        throw err;
    }
  }

  // Stock moves through the inventory service (history, audit, events), as the inventory page's do.
  let stockRefused = false;
  if (!creating) {
    for (const [i, v] of read.body.variants.entries()) {
      const { wanted, was } = read.stock[i]!;
      const delta = wanted - (was ?? 0);
      const skuId = v.id ?? variants.find((x) => x.code === v.code)?.id;
      if (!skuId || delta === 0) continue;
      try {
        await adjustStock(ctx, { merchantId: store.merchantId, skuId, change: { delta, reason: was === null ? 'received' : 'correction', note: 'product editor' } });
      } catch (err) {
        if (!isServiceError(err) || (err.code !== 'stock_below_reserved' && err.code !== 'validation_failed')) throw err;
        stockRefused = true;
      }
    }
  }
  revalidatePath(base, 'layout');
  redirect(`${base}/${productId}?${creating ? 'created=1' : 'saved=1'}${stockRefused ? '&stock=refused' : ''}`);
}

export async function archiveProductAction(_previous: FormState, form: FormData): Promise<FormState> {
  return statusChange(form, 'archive');
}

export async function unarchiveProductAction(_previous: FormState, form: FormData): Promise<FormState> {
  return statusChange(form, 'unarchive');
}

async function statusChange(form: FormData, what: 'archive' | 'unarchive'): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  const productId = field(form, 'productId');
  const version = Number(field(form, 'expectedVersion')) || undefined;
  try {
    const change = what === 'archive' ? archiveStoreProduct : unarchiveStoreProduct;
    await change(ctx, { merchantId: store.merchantId, productId, expectedVersion: version });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    if (err.code === 'product_version_conflict') return { message: t.conflict((err.details as { currentVersion: number }).currentVersion) };
    if (err.code === 'product_not_found') return { message: t.gone };
    throw err;
  }
  const base = productsPath(store.slug);
  revalidatePath(base, 'layout');
  redirect(`${base}/${productId}?saved=1`);
}

export async function deleteProductAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  if (field(form, 'confirm') !== 'yes') return { message: t.errors.invalid };
  try {
    await deleteStoreProduct(ctx, { merchantId: store.merchantId, productId: field(form, 'productId'), expectedVersion: Number(field(form, 'expectedVersion')) || undefined, orderedSkus: orderedSkuIds });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    if (err.code === 'product_has_orders') return { message: t.hasOrders };
    if (err.code === 'product_version_conflict') return { message: t.conflict((err.details as { currentVersion: number }).currentVersion) };
    if (err.code === 'product_not_found') return { message: t.gone };
    throw err;
  }
  const base = productsPath(store.slug);
  revalidatePath(base, 'layout');
  redirect(`${base}?deleted=1`);
}

/** Alt text of one image in both languages. */
export async function saveAltAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  const values = { 'alt.en-US': field(form, 'alt.en-US'), 'alt.zh-CN': field(form, 'alt.zh-CN') };
  const errors: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v.trim().length > 300) errors[k] = t.mediaErrors.alt!;
  if (Object.keys(errors).length) return { errors, values };
  try {
    await updateProductMedia(ctx, { merchantId: store.merchantId, productId: field(form, 'productId'), mediaId: field(form, 'mediaId'), alt: { 'en-US': values['alt.en-US'].trim(), 'zh-CN': values['alt.zh-CN'].trim() } });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    return { message: err.code === 'product_not_found' ? t.gone : t.mediaErrors.failed, values };
  }
  revalidatePath(productsPath(store.slug), 'layout');
  return { notice: t.saved, values };
}

/** Moves one image a place up or down: the whole order as the service takes it, read just before. */
export async function moveMediaAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  const productId = field(form, 'productId');
  const mediaId = field(form, 'mediaId');
  const step = field(form, 'direction') === 'up' ? -1 : 1;
  try {
    const ids = (await listProductMedia(ctx, { merchantId: store.merchantId, productId })).items.map((m) => m.id);
    const at = ids.indexOf(mediaId);
    const to = at + step;
    if (at < 0 || to < 0 || to >= ids.length) return null;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    await reorderProductMedia(ctx, { merchantId: store.merchantId, productId, mediaIds: ids });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    return { message: err.code === 'product_not_found' ? t.gone : t.mediaErrors.failed };
  }
  revalidatePath(productsPath(store.slug), 'layout');
  return null;
}

export async function deleteMediaAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  if (field(form, 'confirm') !== 'yes') return { message: t.errors.invalid };
  try {
    await deleteProductMedia(ctx, { merchantId: store.merchantId, productId: field(form, 'productId'), mediaId: field(form, 'mediaId') });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    return { message: err.code === 'product_not_found' ? t.gone : t.mediaErrors.failed };
  }
  revalidatePath(productsPath(store.slug), 'layout');
  return null;
}

/** The picture of each variant (`image.<skuId>`: an image id, or empty for automatic), all in one change. */
export async function saveVariantImagesAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  const values: Record<string, string> = {};
  const choices: { skuId: string; mediaId: string | null }[] = [];
  for (const [name, value] of form.entries()) {
    if (!name.startsWith('image.') || typeof value !== 'string') continue;
    values[name] = value;
    choices.push({ skuId: name.slice('image.'.length), mediaId: value || null });
  }
  try {
    await setSkuImages(ctx, { merchantId: store.merchantId, productId: field(form, 'productId'), choices });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    // Another member removed an image or a variant meanwhile: the page is read again below.
    if (err.code === 'product_not_found') return { message: t.gone, values };
    if (err.code !== 'media_not_found' && err.code !== 'sku_not_found' && err.code !== 'validation_failed') throw err;
    revalidatePath(productsPath(store.slug), 'layout');
    return { message: t.mediaErrors.failed, values };
  }
  revalidatePath(productsPath(store.slug), 'layout');
  return { notice: t.variantImagesSaved, values };
}

/** The images in the order the merchant dropped them in (every id of the product once, as the service takes it). */
export async function reorderMediaAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  const mediaIds = form.getAll('mediaIds').filter((v): v is string => typeof v === 'string');
  try {
    await reorderProductMedia(ctx, { merchantId: store.merchantId, productId: field(form, 'productId'), mediaIds });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    revalidatePath(productsPath(store.slug), 'layout');
    return { message: err.code === 'product_not_found' ? t.gone : t.mediaErrors.failed };
  }
  revalidatePath(productsPath(store.slug), 'layout');
  return null;
}
