'use server';

import { revalidatePath } from 'next/cache';
import type { FormState } from '@/components/merchant/console-form';
import { isServiceError } from '@/lib/core/errors';
import { runBackgroundWorkAfterResponse } from '@/lib/http/after-response';
import { isMessageKind } from '@/lib/notifications/kinds';
import { INTRO_MAX, SUBJECT_MAX, saveKindTexts, sendTestMessage } from '@/lib/notifications/notification-settings';
import { consoleRequest } from '../../console';
import { notificationsText } from './text';

/**
 * The notifications settings' Server Actions (Next refuses a foreign Origin: the console's CSRF
 * protection). Each names its store in a hidden field, checked against the session's memberships.
 */

const field = (form: FormData, name: string) => String(form.get(name) ?? '');

export async function saveNotificationTextsAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = notificationsText(locale);
  const kind = field(form, 'kind');
  if (!isMessageKind(kind)) return { message: t.unchanged };
  const values = { subjectEn: field(form, 'subjectEn'), introEn: field(form, 'introEn'), subjectZh: field(form, 'subjectZh'), introZh: field(form, 'introZh') };
  try {
    const { changed } = await saveKindTexts(ctx, store.merchantId, kind, {
      'en-US': { subject: values.subjectEn, intro: values.introEn },
      'zh-CN': { subject: values.subjectZh, intro: values.introZh },
    });
    revalidatePath(`/merchant/${store.slug}/settings/notifications`);
    return { notice: changed ? t.saved : t.unchanged };
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'validation_failed') throw err;
    const errors: Record<string, string> = {};
    for (const issue of err.issues ?? []) {
      const [lang, part] = issue.path.split('.');
      const name = `${part}${lang === 'zh-CN' ? 'Zh' : 'En'}`;
      errors[name] ??= t.tooLong(part === 'subject' ? SUBJECT_MAX : INTRO_MAX);
    }
    return { errors, values };
  }
}

export async function sendTestMessageAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, user, locale } = await consoleRequest(field(form, 'store'));
  const t = notificationsText(locale);
  const kind = field(form, 'kind');
  const lang = field(form, 'lang') === 'zh-CN' ? 'zh-CN' : 'en-US';
  if (!isMessageKind(kind)) return { message: t.unchanged };
  await sendTestMessage(ctx, store.merchantId, kind, lang, user.email);
  runBackgroundWorkAfterResponse();
  return { notice: t.testSent(user.email) };
}
