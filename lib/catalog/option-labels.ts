import 'server-only';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import type { Locale, LocalizedString } from '../schemas/common';
import { readSkuOptionFacts } from './data';

/** One option of a SKU as a shopper reads it: 颜色: 黑色, Color: Black. */
export type OptionLabel = { key: string; name: LocalizedString | null; value: string; valueName: LocalizedString | null };

/**
 * The option values of each SKU with the names its product gives them (`options[].valueNames`
 * in the product's data, e.g. Black -> 黑色); a value without a name is shown as written.
 * For cart, checkout and order lines, whose option values are the SKU's own (English) values.
 */
export async function skuOptionLabels(db: Db | Prisma.TransactionClient, skuIds: readonly string[]): Promise<Map<string, OptionLabel[]>> {
  const rows = await readSkuOptionFacts(db, [...new Set(skuIds)]);
  return new Map(rows.map((r) => [r.id, labelsOf(r.optionValues, r.options ?? [])]));
}

/** The labels of option values under a product's options (in the options' order; unknown keys last). */
export function labelsOf(
  optionValues: Record<string, string>,
  options: readonly { key: string; name: LocalizedString; valueNames?: Record<string, LocalizedString> }[],
): OptionLabel[] {
  const known = options
    .filter((o) => optionValues[o.key] !== undefined)
    .map((o) => ({ key: o.key, name: o.name, value: optionValues[o.key]!, valueName: o.valueNames?.[optionValues[o.key]!] ?? null }));
  const rest = Object.entries(optionValues)
    .filter(([k]) => !options.some((o) => o.key === k))
    .map(([key, value]) => ({ key, name: null, value, valueName: null }));
  return [...known, ...rest];
}

/** A value in the shopper's locale: its name when the data has one, else the value as written. */
export function optionValueText(label: Pick<OptionLabel, 'value' | 'valueName'>, locale: Locale): string {
  return label.valueName?.[locale] || label.value;
}

/** A line of a cart, a checkout or an order: the SKU and the option values it snapshotted. */
export type VariantLine = { skuId: string; optionValues: Record<string, string> };

/**
 * THE way a line's variant is shown, on every page (cart, hosted checkout, the shopper's order
 * page, the console's order page): its option values in `locale` (the shopper's language; in the
 * console, the console's), in the product's option order. `labels` comes from `skuOptionLabels`;
 * a SKU it does not know (since deleted) shows the values the line snapshotted, as written.
 */
export function lineOptionTexts(labels: ReadonlyMap<string, OptionLabel[]>, line: VariantLine, locale: Locale): string[] {
  return labels.get(line.skuId)?.map((l) => optionValueText(l, locale)) ?? Object.values(line.optionValues);
}

/** `lineOptionTexts` for several lines at once, reading their SKUs' labels: one array per line, in order. */
export async function linesOptionTexts(db: Db | Prisma.TransactionClient, lines: readonly VariantLine[], locale: Locale): Promise<string[][]> {
  const labels = await skuOptionLabels(db, lines.map((l) => l.skuId));
  return lines.map((l) => lineOptionTexts(labels, l, locale));
}
