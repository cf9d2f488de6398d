import { DECORATION_LIMITS, DecorationBlockType } from '@/lib/decoration/schemas';
import type { ErrorIssue } from '@/lib/core/errors';
import type { DecorationText } from './text';

/**
 * The studio's block form: what its fields are called, how a submitted form becomes the block
 * the decoration schema checks (nothing is checked here: the service validates with the API's
 * schema), and how the schema's issues become messages next to those fields.
 */

export const LOCALES = ['zh-CN', 'en-US'] as const;

/** The localized text fields of each kind, in the order the form shows them. */
export const textFields: Record<DecorationBlockType, readonly ('title' | 'description' | 'text' | 'alt')[]> = {
  brand_hero: ['title', 'description'],
  notice: ['text'],
  image_banner: ['alt'],
  product_collection: ['title'],
};

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};
const checked = (form: FormData, name: string) => form.get(name) === 'on';

/** A whole number as a number, empty as null, anything else as typed (for the schema to refuse). */
function optionalInt(value: string): number | string | null {
  const v = value.trim();
  if (v === '') return null;
  return /^[0-9]{1,15}$/.test(v) ? Number(v) : v;
}

function localized(form: FormData, name: string) {
  return Object.fromEntries(LOCALES.map((l) => [l, str(form, `${name}.${l}`)]));
}

function media(form: FormData, optional: boolean, newId: () => string) {
  const url = str(form, 'media.url').trim();
  if (!url && optional) return null;
  return {
    id: str(form, 'media.id') || newId(),
    kind: str(form, 'media.kind'),
    url,
    thumbnailUrl: str(form, 'media.thumbnailUrl').trim() || null,
    alt: str(form, 'media.alt'),
    width: optionalInt(str(form, 'media.width')),
    height: optionalInt(str(form, 'media.height')),
    durationSeconds: optionalInt(str(form, 'media.durationSeconds')),
  };
}

/** The block a submitted form describes (a new block gets a new id), unvalidated. */
export function blockFromForm(form: FormData, newId: () => string): { type: DecorationBlockType; block: Record<string, unknown> } | null {
  const type = DecorationBlockType.safeParse(str(form, 'type'));
  if (!type.success) return null;
  const shared = {
    id: str(form, 'blockId') || newId(),
    type: type.data,
    enabled: checked(form, 'enabled'),
    responsive: { desktop: checked(form, 'responsive.desktop'), mobile: checked(form, 'responsive.mobile') },
    theme: { surface: str(form, 'theme.surface'), accent: str(form, 'theme.accent'), density: str(form, 'theme.density') },
  };
  const path = str(form, 'path').trim() || null;
  const texts = Object.fromEntries(textFields[type.data].map((f) => [f, localized(form, f)]));
  switch (type.data) {
    case 'brand_hero':
      return { type: type.data, block: { ...shared, ...texts, media: media(form, true, newId) } };
    case 'notice':
      return { type: type.data, block: { ...shared, ...texts, path } };
    case 'image_banner':
      return { type: type.data, block: { ...shared, ...texts, path, media: media(form, false, newId) } };
    case 'product_collection':
      return { type: type.data, block: { ...shared, ...texts, products: form.getAll('products').filter((p) => typeof p === 'string').map((id) => ({ id })) } };
  }
}

/** What the form sent, to fill it in again next to its errors (checkboxes as "on"/"off", products joined by commas). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string' && k !== 'products' && !k.startsWith('$')) values[k] = v;
  for (const box of ['enabled', 'responsive.desktop', 'responsive.mobile']) values[box] = checked(form, box) ? 'on' : 'off';
  values.products = form.getAll('products').filter((p) => typeof p === 'string').join(',');
  return values;
}

/** The form field an issue inside the block belongs to (its path below `blocks.<index>.`). */
export function fieldOf(rest: string): string | null {
  if (rest === 'media' || rest === 'media.id') return 'media.url';
  if (rest.startsWith('media.')) return rest;
  if (rest === 'products' || rest.startsWith('products.')) return 'products';
  if (/^(title|description|text|alt)(\.(zh-CN|en-US))?$/.test(rest)) return rest.includes('.') ? rest : `${rest}.en-US`;
  if (['path', 'theme.surface', 'theme.accent', 'theme.density', 'responsive.desktop', 'responsive.mobile', 'enabled'].includes(rest)) return rest;
  return null;
}

const maxLength = (field: string) =>
  field === 'media.alt' ? DECORATION_LIMITS.mediaAlt : field === 'path' ? DECORATION_LIMITS.pathMax : field.startsWith('media.') ? 2048 : DECORATION_LIMITS.localizedText;

/** One issue as the merchant reads it, in the console's language. */
export function issueMessage(issue: ErrorIssue, field: string | null, t: DecorationText): string {
  const e = t.errors;
  switch (issue.code) {
    case 'product_not_found':
      return e.productGone;
    case 'duplicate_product':
      return e.productTwice;
    case 'market_not_sold':
      return e.market;
    case 'too_big':
      return field === 'products' ? e.tooMany(DECORATION_LIMITS.productsPerCollection) : /width|height|duration/i.test(field ?? '') ? e.wholeNumber : e.tooLong(maxLength(field ?? ''));
    case 'invalid_format':
      return e.url;
    case 'invalid_value':
      return e.choose;
    case 'too_small':
      return /width|height|duration/i.test(field ?? '') ? e.wholeNumber : e.required;
    case 'invalid_type':
      if (/width|height|duration/i.test(field ?? '')) return e.wholeNumber;
      if (field === 'media.url' || field === 'media.thumbnailUrl') return e.url;
      return e.invalid;
    default:
      return e.invalid;
  }
}

/**
 * The issues of a refused save as the form shows them: those at `blocks.<index>` next to their
 * field (the first per field), any other (another block, the whole draft) as the form's message.
 */
export function issuesForForm(issues: readonly ErrorIssue[], index: number, t: DecorationText, where: (path: string) => string): { errors: Record<string, string>; message?: string } {
  const errors: Record<string, string> = {};
  const elsewhere: string[] = [];
  const prefix = `blocks.${index}.`;
  // A product the store no longer sells says more than the fields the bare id lacks.
  const ordered = [...issues].sort((a, b) => Number(b.code === 'product_not_found') - Number(a.code === 'product_not_found'));
  for (const issue of ordered) {
    const field = issue.path.startsWith(prefix) ? fieldOf(issue.path.slice(prefix.length)) : null;
    if (field) errors[field] ??= issueMessage(issue, field, t);
    else elsewhere.push(t.errors.elsewhere(where(issue.path), issueMessage(issue, null, t)));
  }
  const message = elsewhere.length ? [...new Set(elsewhere)].join(' ') : Object.keys(errors).length ? undefined : t.errors.invalid;
  return { errors, message };
}
