import type { BadgeTone } from '@/components/merchant/status-badge';
import { type Locale, type LocalizedString, inLocale } from '@/lib/schemas/common';

/** Each product status's badge colour (the word carries the meaning). */
export const statusTone: Record<'draft' | 'active' | 'archived', BadgeTone> = { draft: 'neutral', active: 'success', archived: 'warning' };

/** A store category's name as a select lists it: indented by its depth in the tree. */
export function categoryLabel(c: { name: LocalizedString; depth: number }, locale: Locale): string {
  return `${'— '.repeat(c.depth)}${inLocale(c.name, locale)}`;
}
