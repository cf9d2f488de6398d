import 'server-only';
import { revalidatePath } from 'next/cache';
import type { FormState } from '@/components/merchant/console-form';
import type { RevealedSecret } from '@/components/merchant/secret-reveal';
import { consoleRequest } from '../console';
import { type DevelopersText, developersText } from './text';

/** One text field of a posted form ('' when absent), trimmed. */
export function field(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
}

/** Every value a group of checkboxes posted under one name. */
export function fields(form: FormData, name: string): string[] {
  return form.getAll(name).filter((v): v is string => typeof v === 'string');
}

/**
 * What every Developers action starts with: the signed-in member's request for the store the form
 * names (a non-member gets the 404 page), the section's words, and `done`, which re-renders the
 * pages of the section so lists show the change.
 */
export async function developersAction(form: FormData) {
  const request = await consoleRequest(field(form, 'store'));
  const t = developersText(request.locale);
  const done = (state: FormState): FormState => {
    revalidatePath(`/merchant/${encodeURIComponent(request.store.slug)}/developers`, 'layout');
    return state;
  };
  return { ...request, t, done };
}

/** A just-issued secret, with the words around it. */
export function revealed(t: DevelopersText, label: string, value: string): RevealedSecret {
  return { label, value, note: t.shownOnce, copy: t.copy, copied: t.copied, copyFailed: t.copyFailed };
}

/** Whether a posted value is one of the choices a select offered. */
export function oneOf<const T extends string>(value: string, choices: readonly T[]): value is T {
  return (choices as readonly string[]).includes(value);
}
