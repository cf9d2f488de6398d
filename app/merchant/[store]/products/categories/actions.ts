'use server';

import { revalidatePath } from 'next/cache';
import type { FormState } from '@/components/merchant/console-form';
import { createStoreCategory } from '@/lib/catalog/create-store-category';
import { deleteStoreCategory } from '@/lib/catalog/delete-store-category';
import { updateStoreCategory } from '@/lib/catalog/update-store-category';
import { type ServiceError, isServiceError } from '@/lib/core/errors';
import { consoleRequest } from '../../console';
import { type ProductsText, productsText } from '../text';

/**
 * The category manager's Server Actions, CSRF-protected like every console form (Next refuses a
 * foreign Origin). Each goes through the store-category services the merchant API uses, at the
 * version the page was read at, and each change lands in the audit trail with the user as actor.
 */

const field = (form: FormData, name: string) => String(form.get(name) ?? '');
const path = (slug: string) => `/merchant/${encodeURIComponent(slug)}/products`;

function refused(err: unknown, t: ProductsText, values: Record<string, string>): FormState {
  if (!isServiceError(err)) throw err;
  const e = err as ServiceError;
  switch (e.code) {
    case 'validation_failed': {
      const errors: Record<string, string> = {};
      for (const issue of e.issues ?? []) {
        const name = issue.path.endsWith('zh-CN') ? 'name.zh-CN' : issue.path.endsWith('en-US') ? 'name.en-US' : issue.path.includes('parentId') ? 'parentId' : 'name.en-US';
        errors[name] ??= issue.code === 'too_big' ? t.errors.tooLong(80) : issue.code === 'too_many' ? t.errors.invalid : t.errors.requiredIn(name.endsWith('zh-CN') ? t.langZh : t.langEn);
      }
      return { errors, values };
    }
    case 'category_not_empty': {
      const d = e.details as { productCount: number; childCount: number };
      return { message: t.categoryNotEmpty(d.productCount, d.childCount), values };
    }
    case 'category_version_conflict':
      return { message: t.categoryConflict, values };
    case 'category_move_invalid':
      return { errors: { parentId: t.categoryMoveInvalid(String((e.details as { reason?: string }).reason)) }, values };
    case 'category_not_found':
      return { message: t.categoryGone, values };
    default:
      throw err;
  }
}

const names = (form: FormData) => ({ 'en-US': field(form, 'name.en-US').trim(), 'zh-CN': field(form, 'name.zh-CN').trim() });

export async function createCategoryAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  const values = { 'name.en-US': field(form, 'name.en-US'), 'name.zh-CN': field(form, 'name.zh-CN'), parentId: field(form, 'parentId') };
  const name = names(form);
  if (!name['en-US'] && !name['zh-CN']) return { errors: { 'name.en-US': t.errors.required }, values };
  if (name['en-US'].length > 80 || name['zh-CN'].length > 80) return { errors: { [name['en-US'].length > 80 ? 'name.en-US' : 'name.zh-CN']: t.errors.tooLong(80) }, values };
  try {
    await createStoreCategory(ctx, { merchantId: store.merchantId, body: { name, parentId: values.parentId || null } });
  } catch (err) {
    return refused(err, t, values);
  }
  revalidatePath(path(store.slug), 'layout');
  return { notice: t.categoryCreated };
}

/** Rename (both languages) and move under another parent, in one change at the version read. */
export async function updateCategoryAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  const values = { 'name.en-US': field(form, 'name.en-US'), 'name.zh-CN': field(form, 'name.zh-CN'), parentId: field(form, 'parentId') };
  const name = names(form);
  if (name['en-US'].length > 80 || name['zh-CN'].length > 80) return { errors: { [name['en-US'].length > 80 ? 'name.en-US' : 'name.zh-CN']: t.errors.tooLong(80) }, values };
  try {
    await updateStoreCategory(ctx, {
      merchantId: store.merchantId,
      categoryId: field(form, 'categoryId'),
      body: { expectedVersion: Number(field(form, 'expectedVersion')) || 1, name, parentId: values.parentId || null },
    });
  } catch (err) {
    return refused(err, t, values);
  }
  revalidatePath(path(store.slug), 'layout');
  return { notice: t.categorySaved };
}

/** One place up or down among its siblings. */
export async function moveCategoryAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  const position = Number(field(form, 'position'));
  if (!Number.isInteger(position) || position < 0) return null;
  try {
    await updateStoreCategory(ctx, { merchantId: store.merchantId, categoryId: field(form, 'categoryId'), body: { expectedVersion: Number(field(form, 'expectedVersion')) || 1, position } });
  } catch (err) {
    return refused(err, t, {});
  }
  revalidatePath(path(store.slug), 'layout');
  return null;
}

export async function deleteCategoryAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = productsText(locale);
  if (field(form, 'confirm') !== 'yes') return { message: t.errors.invalid };
  try {
    await deleteStoreCategory(ctx, { merchantId: store.merchantId, categoryId: field(form, 'categoryId'), expectedVersion: Number(field(form, 'expectedVersion')) || undefined });
  } catch (err) {
    return refused(err, t, {});
  }
  revalidatePath(path(store.slug), 'layout');
  return { notice: t.categoryDeleted };
}
