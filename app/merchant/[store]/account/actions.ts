'use server';

import type { FormState } from '@/components/merchant/console-form';
import { changeOwnPassword } from '@/lib/merchant-users/change-password';
import { MIN_PASSWORD_LENGTH } from '@/lib/merchant-users/passwords';
import { consoleRequest } from '../console';
import { accountText } from './text';

/** The signed-in user changes their own password (a Server Action: Next refuses a foreign Origin). */
export async function changePasswordAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, user, locale } = await consoleRequest(String(form.get('store') ?? ''));
  const t = accountText(locale);
  const currentPassword = String(form.get('currentPassword') ?? '');
  const newPassword = String(form.get('newPassword') ?? '');
  const repeat = String(form.get('repeatPassword') ?? '');
  const errors: Record<string, string> = {};
  if (!currentPassword) errors.currentPassword = t.errors.required;
  if (!newPassword) errors.newPassword = t.errors.required;
  else if (repeat !== newPassword) errors.repeatPassword = t.errors.mismatch;
  if (Object.keys(errors).length) return { errors };
  const result = await changeOwnPassword(ctx, { userId: user.id, currentPassword, newPassword });
  if (result.ok) return { notice: t.changed };
  const message = result.reason === 'too_short' ? t.errors.too_short(MIN_PASSWORD_LENGTH) : t.errors[result.reason];
  return { errors: { [result.field]: message } };
}
