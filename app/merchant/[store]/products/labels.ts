import type { BadgeTone } from '@/components/merchant/status-badge';
import { type Locale, type LocalizedString, inLocale } from '@/lib/schemas/common';

/** Each product status's badge colour (the word carries the meaning). */
export const statusTone: Record<'draft' | 'active' | 'archived', BadgeTone> = { draft: 'neutral', active: 'success', archived: 'warning' };

/** A store category's name as a select lists it: indented by its depth in the tree. */
export function categoryLabel(c: { name: LocalizedString; depth: number }, locale: Locale): string {
  return `${'— '.repeat(c.depth)}${inLocale(c.name, locale)}`;
}

/** A variant's name from its option values, each in the page's language where the product names it (Red / S, 红色 / 小号). */
export function variantName(
  product: { options: readonly { key: string; values: readonly { value: string; name: LocalizedString }[] }[] },
  optionValues: Record<string, string>,
  locale: Locale,
): string {
  return product.options
    .filter((o) => optionValues[o.key] !== undefined)
    .map((o) => {
      const value = optionValues[o.key]!;
      return inLocale(o.values.find((v) => v.value === value)?.name, locale) || value;
    })
    .join(' / ');
}
