'use server';

import type { FormState } from '@/components/merchant/console-form';
import { addStoreReturnOrigin, removeStoreReturnOrigin } from '@/lib/checkout/store-return-origins';
import { developersAction, field } from '../form-input';

/** Allows an origin for one of the store's apps. */
export async function addReturnOriginAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, done } = await developersAction(form);
  const installationId = field(form, 'installationId');
  const origin = field(form, 'origin');
  const values = { installationId, origin };
  if (!origin) return { errors: { origin: t.origins.errors.origin }, values };
  const result = await addStoreReturnOrigin(ctx, { merchantId: store.merchantId, installationId, origin });
  if (!result.ok) return { errors: result.reason === 'installation_not_found' ? { installationId: t.origins.errors.app } : { origin: t.origins.errors.origin }, values };
  return done({ notice: t.origins.added(result.origin) });
}

/** Stops allowing an origin (the form carries the confirmation). */
export async function removeReturnOriginAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, done } = await developersAction(form);
  if (field(form, 'confirm') !== 'yes') return { message: t.confirmFirst };
  const result = await removeStoreReturnOrigin(ctx, { merchantId: store.merchantId, installationId: field(form, 'installationId'), origin: field(form, 'origin') });
  if (!result.ok) return { message: t.origins.errors.notFound };
  return done({ notice: t.origins.removed(result.origin) });
}
