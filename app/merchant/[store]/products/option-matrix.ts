/**
 * The editor's option and variant matrix, pure: the options' keys, the value each option value is
 * stored by, and every combination of the values (the variants), so the browser builds the
 * matrix as the merchant types and the server reads the same names back.
 */

import type { Currency } from '@/lib/schemas/common';

export const MAX_EDITOR_OPTIONS = 3;
export const MAX_EDITOR_VARIANTS = 100;

export type EditorValue = { uid: string; value: string; 'en-US': string; 'zh-CN': string };
/** A variant row of the editor, its fields as typed. */
export type EditorVariant = {
  id?: string;
  /** Option key → stored value. */
  optionValues: Record<string, string>;
  code: string;
  price: Partial<Record<Currency, string>>;
  compareAt: Partial<Record<Currency, string>>;
  stock: string;
  /** The units available when the page was read (null: a new variant). */
  stockWas: number | null;
  barcode: string;
  weightGrams: string;
  maxPerOrder: string;
};

export type EditorOption = { uid: string; key: string; name: { 'en-US': string; 'zh-CN': string }; values: EditorValue[] };

/** What a value is stored by: its kept value, else its English text, else its Chinese one (the storefront shows the names). */
export function storedValue(v: Pick<EditorValue, 'value' | 'en-US' | 'zh-CN'>): string {
  return (v.value || v['en-US'].trim() || v['zh-CN'].trim()).slice(0, 60);
}

const KEY = /^[a-z][a-z0-9_]{0,31}$/;

/** An option's key from its English name ("Colour" → colour), unique among `taken`; option_<n> when the name gives none. */
export function optionKey(name: string, taken: readonly string[], index: number): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 28);
  let key = KEY.test(base) ? base : `option_${index + 1}`;
  for (let n = 2; taken.includes(key); n++) key = `${(KEY.test(base) ? base : 'option').slice(0, 28)}_${n}`;
  return key;
}

/** The options' keys as the form sends them: kept ones stay, new ones derive from their names. */
export function optionKeys(options: readonly Pick<EditorOption, 'key' | 'name'>[]): string[] {
  const keys: string[] = [];
  options.forEach((o, i) => keys.push(o.key || optionKey(o.name['en-US'] || o.name['zh-CN'], [...keys, ...options.map((x) => x.key).filter(Boolean)], i)));
  return keys;
}

/** Values that name something (a row with neither text is left out). */
export const filledValues = (o: Pick<EditorOption, 'values'>) => o.values.filter((v) => storedValue(v) !== '');

/** Every combination of the options' filled values, first option slowest (as Shopify lists them): each a list of value uids. One empty combination with no options. */
export function combinations(options: readonly Pick<EditorOption, 'values'>[]): string[][] {
  return options.reduce<string[][]>((acc, o) => acc.flatMap((combo) => filledValues(o).map((v) => [...combo, v.uid])), [[]]);
}

/** How many variants the options make, without building them (to refuse too many before the page does the work). */
export function combinationCount(options: readonly Pick<EditorOption, 'values'>[]): number {
  return options.reduce((n, o) => n * filledValues(o).length, 1);
}

/** A suggested SKU code: the handle and the values, upper-cased ("TEE-RED-S"). */
export function suggestedCode(handle: string, values: readonly string[]): string {
  const parts = [handle, ...values].map((p) =>
    p
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  );
  return parts.filter(Boolean).join('-').toUpperCase().slice(0, 64);
}

/** A variant row as the editor starts one: nothing typed, no stock. */
export function emptyVariant(): EditorVariant {
  return { optionValues: {}, code: '', price: {}, compareAt: {}, stock: '0', stockWas: null, barcode: '', weightGrams: '', maxPerOrder: '99' };
}
