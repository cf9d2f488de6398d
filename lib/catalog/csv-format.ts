import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { type Currency, type Locale, type LocalizedString, locales } from '../schemas/common';
import { MAX_OPTIONS, MAX_OPTION_VALUES, MAX_VARIANTS } from './admin-schemas';
import { descriptionToHtml, htmlToText } from './csv-html';

/*
 * Shopify's product CSV, as this store reads and writes it: one row per variant, the rows of a
 * product together under its Handle; the product's own columns (Title, Body (HTML), Vendor, ...)
 * on its first row; rows with only `Image Src` add images; a variant's `Variant Image` is the URL
 * of the image it shows (one of the product's, or added to them as Shopify does). Pure: no
 * database, no network.
 *
 * Two languages in a one-language format: the plain columns (Title, Body (HTML), Option1 Name,
 * Option1 Value's display name, Image Alt Text, SEO Title, SEO Description) are in the store's
 * default language, and the same column with a locale after it, `Title (zh-CN)`, `Title (en-US)`,
 * carries that language. A language without its column takes the other's text. `Option1 Value`
 * itself is the value as stored on variants; `Option1 Value (zh-CN)` is how shoppers read it.
 *
 * Two currencies in a one-currency format: `Variant Price` and `Variant Compare At Price` are in
 * the store's default market's currency; `Variant Price (USD)`, `Variant Compare At Price (USD)`
 * price the variant in another currency of the store. Prices are decimal strings made into exact
 * integer minor units, never through floating point; more decimals than the currency has is a
 * problem of the row, not a rounding.
 */

export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'SEO Title',
  'SEO Description',
  'Variant Image',
  'Status',
] as const;

/** The columns that may carry a second language (`<column> (<locale>)`). */
export const LOCALIZED_COLUMNS = ['Title', 'Body (HTML)', 'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value', 'Image Alt Text', 'SEO Title', 'SEO Description'] as const;
/** The columns that may carry a second currency (`<column> (<currency>)`). */
export const PRICED_COLUMNS = ['Variant Price', 'Variant Compare At Price'] as const;

export const MAX_IMPORT_ROWS = 100_000;
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
export const MAX_IMAGES_PER_PRODUCT = 20;
const MAX_AMOUNT = 100_000_000;
const MAX_STOCK = 1_000_000;
const MAX_GRAMS = 1_000_000;
const currencyDecimals: Record<Currency, number> = { CNY: 2, USD: 2 };

/** What the import needs to know of the store. */
export type CsvStore = { defaultLocale: Locale; locales: readonly Locale[]; defaultCurrency: Currency; currencies: readonly Currency[] };

export type CsvProblem = { line: number; column: string | null; code: string; message: string };

export type ImportVariant = {
  line: number;
  code: string;
  optionValues: Record<string, string>;
  prices: { currency: Currency; amount: number; compareAtAmount: number | null }[];
  barcode: string | null;
  weightGrams: number | null;
  stock: number;
  /** The URL of the image the variant shows (`Variant Image`); null: none chosen; absent: the file has no such column (left as it is). */
  imageSrc?: string | null;
};
/** An image of the product; `column` is `Variant Image` for one only a variant names (its problems are reported there). */
export type ImportImage = { line: number; src: string; position: number; alt: LocalizedString; column?: 'Variant Image' };
export type ImportOption = { key: string; name: LocalizedString; values: { value: string; name: LocalizedString }[] };

/** One product of the file, checked and shaped as the import writes it. */
export type ImportProduct = {
  handle: string;
  line: number;
  title: LocalizedString;
  description: LocalizedString;
  vendor: string | null;
  productType: string | null;
  tags: string[];
  status: 'draft' | 'active' | 'archived';
  kind: 'physical' | 'digital';
  seo: { title: LocalizedString | null; description: LocalizedString | null };
  options: ImportOption[];
  variants: ImportVariant[];
  images: ImportImage[];
};

export type ParsedCsv = {
  rows: number;
  /** Products (distinct handles) the file names, with problems or not. */
  handles: number;
  products: ImportProduct[];
  problems: CsvProblem[];
  /** Header columns this format does not read (Shopify's other columns), left alone. */
  ignoredColumns: string[];
};

const HANDLE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const TRUE = /^(true|yes|1)$/i;
const FALSE = /^(false|no|0)$/i;

/** "12.5" in a currency of 2 decimals → 1250, exactly; null with the reason when it is not a price. */
export function parseMinorUnits(raw: string, currency: Currency): { amount: number } | { error: string } {
  const text = raw.trim();
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!m) return { error: 'must be a decimal number such as 19.99, without a currency sign' };
  const decimals = currencyDecimals[currency];
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return { error: `${currency} has ${decimals} decimals: ${text} has more` };
  const amount = Number(m[1]) * 10 ** decimals + (fraction ? Number(fraction.padEnd(decimals, '0')) : 0);
  if (!Number.isSafeInteger(amount) || amount > MAX_AMOUNT) return { error: `must be at most ${formatMinorUnits(MAX_AMOUNT, currency)}` };
  return { amount };
}

/** 1250 → "12.50" (the currency's decimals, always). */
export function formatMinorUnits(amount: number, currency: Currency): string {
  const decimals = currencyDecimals[currency];
  if (!decimals) return String(amount);
  const text = String(amount).padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/** An option's key from its English (else default) name: `Color` → `color`; a name with no Latin letters → `option1`. */
export function optionKey(name: string, position: number): string {
  const key = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 32)
    .replace(/_+$/, '');
  return /^[a-z][a-z0-9_]{0,31}$/.test(key) ? key : `option${position}`;
}

/** A row of the file: a cell's text, whether it is filled (`has`), whether the file has the column at all (`exists`). */
type Row = { line: number; get: (column: string) => string; has: (column: string) => boolean; exists: (column: string) => boolean };

/** An http(s) URL of up to 2048 characters, as `Image Src` and `Variant Image` take. */
function isImageUrl(src: string): boolean {
  if (src.length > 2048) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Reads a CSV and checks every row, collecting every problem with its file line (line 1 is the
 * header) instead of stopping at the first. A product with any problem is left out of
 * `products`; the others are complete and consistent.
 */
export function parseProductCsv(text: string, store: CsvStore): ParsedCsv {
  const problems: CsvProblem[] = [];
  const fail = (line: number, column: string | null, code: string, message: string) => problems.push({ line, column, code, message });
  if (Buffer.byteLength(text, 'utf8') > MAX_IMPORT_BYTES) {
    fail(1, null, 'file_too_large', `the file is over ${MAX_IMPORT_BYTES / 1024 / 1024} MiB`);
    return { rows: 0, handles: 0, products: [], problems, ignoredColumns: [] };
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    const source = text.replace(/^\uFEFF/, '');
    const parsed = parse(source, { relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as { record: string[]; info: { bytes: number } }[];
    // The line each record starts on (csv-parse counts where it ends): from the byte offsets.
    const bytes = Buffer.from(source, 'utf8');
    let pos = 0;
    let line = 1;
    records = parsed.map(({ record, info }) => {
      while (pos < info.bytes && (bytes[pos] === 0x0a || bytes[pos] === 0x0d)) if (bytes[pos++] === 0x0a) line++;
      const start = line;
      for (; pos < info.bytes; pos++) if (bytes[pos] === 0x0a) line++;
      return { record, info: { lines: start } };
    });
  } catch (err) {
    const e = err as { lines?: number; message: string };
    fail(e.lines ?? 1, null, 'csv_unreadable', `not a readable CSV: ${e.message.replace(/^Invalid Record Length: /, '')}`);
    return { rows: 0, handles: 0, products: [], problems, ignoredColumns: [] };
  }
  const [headerRecord, ...body] = records;
  if (!headerRecord) {
    fail(1, null, 'csv_empty', 'the file has no header row');
    return { rows: 0, handles: 0, products: [], problems, ignoredColumns: [] };
  }
  const header = headerRecord.record.map((h) => h.trim());
  const known = new Set<string>([
    ...SHOPIFY_COLUMNS,
    ...LOCALIZED_COLUMNS.flatMap((c) => locales.map((l) => `${c} (${l})`)),
    ...PRICED_COLUMNS.flatMap((c) => (['CNY', 'USD'] as const).map((cur) => `${c} (${cur})`)),
  ]);
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    if (!known.has(h)) return;
    if (index.has(h)) fail(1, h, 'duplicate_column', `the column ${h} appears twice`);
    else index.set(h, i);
  });
  const ignoredColumns = header.filter((h) => h && !known.has(h));
  if (!index.has('Handle')) {
    fail(1, 'Handle', 'missing_column', 'the header has no Handle column');
    return { rows: body.length, handles: 0, products: [], problems, ignoredColumns };
  }
  if (body.length > MAX_IMPORT_ROWS) {
    fail(1, null, 'too_many_rows', `the file has ${body.length} rows; at most ${MAX_IMPORT_ROWS}`);
    return { rows: body.length, handles: 0, products: [], problems, ignoredColumns };
  }
  for (const column of index.keys()) {
    const m = /^Variant (?:Price|Compare At Price) \((CNY|USD)\)$/.exec(column);
    if (m && !store.currencies.includes(m[1] as Currency)) fail(1, column, 'currency_not_sold', `the store does not sell in ${m[1]}: it sells in ${store.currencies.join(', ')}`);
  }

  // Rows by handle, in the order each handle first appears.
  const groups = new Map<string, Row[]>();
  for (const { record, info } of body) {
    const row: Row = {
      line: info.lines,
      get: (column) => {
        const i = index.get(column);
        return i === undefined ? '' : (record[i] ?? '').trim();
      },
      has: (column) => index.has(column) && (record[index.get(column)!] ?? '').trim() !== '',
      exists: (column) => index.has(column),
    };
    const handle = row.get('Handle');
    if (!handle) {
      fail(row.line, 'Handle', 'required', 'every row needs the Handle of its product');
      continue;
    }
    if (!HANDLE.test(handle) || handle.length > 160) {
      fail(row.line, 'Handle', 'invalid_handle', 'must be lower-case letters, digits and inner hyphens (up to 160)');
      continue;
    }
    let group = groups.get(handle);
    if (!group) groups.set(handle, (group = []));
    group.push(row);
  }

  const products: ImportProduct[] = [];
  const skuLines = new Map<string, number>();
  for (const [handle, rows] of groups) {
    const before = problems.length;
    const product = readProduct(handle, rows, store, fail, skuLines, (line) => problems.some((p) => p.line === line && p.column?.startsWith('Variant Price')));
    if (problems.length === before && product) products.push(product);
  }
  problems.sort((a, b) => a.line - b.line);
  return { rows: body.length, handles: groups.size, products, problems, ignoredColumns };
}

type Fail = (line: number, column: string | null, code: string, message: string) => void;

function readProduct(handle: string, rows: Row[], store: CsvStore, fail: Fail, skuLines: Map<string, number>, problemsOnLine: (line: number) => boolean): ImportProduct | null {
  const first = rows[0]!;
  const other = store.locales.filter((l) => l !== store.defaultLocale);

  /** A text of the row in both locales: the plain column in the default locale, `<column> (<locale>)` in that locale. */
  const localized = (row: Row, column: string, max: number, transform: (s: string) => string = (s) => s): LocalizedString => {
    const text: Record<string, string> = {};
    for (const locale of locales) {
      const own = row.get(`${column} (${locale})`);
      const value = transform(own || (locale === store.defaultLocale || !other.includes(locale) ? row.get(column) : ''));
      if (value.length > max) fail(row.line, own ? `${column} (${locale})` : column, 'too_long', `at most ${max} characters (${value.length})`);
      text[locale] = value;
    }
    return { 'zh-CN': text['zh-CN'] || text['en-US'] || '', 'en-US': text['en-US'] || text['zh-CN'] || '' };
  };
  const plain = (row: Row, column: string, max: number): string | null => {
    const value = row.get(column);
    if (value.length > max) fail(row.line, column, 'too_long', `at most ${max} characters (${value.length})`);
    return value || null;
  };
  const bool = (row: Row, column: string): boolean | null => {
    const value = row.get(column);
    if (!value) return null;
    if (TRUE.test(value)) return true;
    if (FALSE.test(value)) return false;
    fail(row.line, column, 'invalid_boolean', 'must be TRUE or FALSE');
    return null;
  };
  const whole = (row: Row, column: string, max: number): number | null => {
    const value = row.get(column);
    if (!value) return null;
    const m = /^(-?\d{1,9})(?:\.0*)?$/.exec(value);
    if (!m) {
      fail(row.line, column, 'invalid_number', 'must be a whole number');
      return null;
    }
    const n = Number(m[1]);
    if (n < 0 || n > max) {
      fail(row.line, column, 'out_of_range', `must be between 0 and ${max}`);
      return null;
    }
    return n;
  };

  const title = localized(first, 'Title', 200);
  if (!title['zh-CN'] && !title['en-US']) fail(first.line, 'Title', 'required', 'the first row of a product needs its Title');
  const description = localized(first, 'Body (HTML)', 10_000, htmlToText);
  const tags = [
    ...new Set(
      first
        .get('Tags')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (tags.length > 50) fail(first.line, 'Tags', 'too_many', `at most 50 tags (${tags.length})`);
  for (const tag of tags) if (tag.length > 40) fail(first.line, 'Tags', 'too_long', `a tag is at most 40 characters: ${tag.slice(0, 40)}…`);
  const published = bool(first, 'Published');
  const rawStatus = first.get('Status').toLowerCase();
  let status: ImportProduct['status'] = published === false ? 'draft' : 'active';
  if (rawStatus) {
    if (rawStatus === 'active' || rawStatus === 'draft' || rawStatus === 'archived') status = rawStatus;
    else fail(first.line, 'Status', 'invalid_status', 'must be active, draft or archived');
  }
  const seoTitle = localized(first, 'SEO Title', 70);
  const seoDescription = localized(first, 'SEO Description', 320);

  // Options: named on the first row; "Title" / "Default Title" is Shopify's product without options.
  const options: (ImportOption & { column: number })[] = [];
  for (let n = 1; n <= MAX_OPTIONS; n++) {
    const name = localized(first, `Option${n} Name`, 40);
    if (!name['zh-CN'] && !name['en-US']) continue;
    if (n === 1 && first.get('Option1 Name') === 'Title' && first.get('Option1 Value') === 'Default Title') continue;
    const key = optionKey(name['en-US'] || name['zh-CN'], n);
    const unique = options.some((o) => o.key === key) ? `option${n}` : key;
    options.push({ key: unique, name, values: [], column: n });
  }

  const variants: ImportVariant[] = [];
  const images: ImportImage[] = [];
  const combos = new Map<string, number>();
  let requiresShipping = false;
  let sawShipping = false;
  for (const row of rows) {
    const isVariant = [1, 2, 3].some((n) => row.has(`Option${n} Value`)) || row.has('Variant SKU') || row.has('Variant Price');
    if (row.has('Image Src')) {
      const src = row.get('Image Src');
      const ok = isImageUrl(src);
      if (!ok) fail(row.line, 'Image Src', 'invalid_url', 'must be an http(s) URL of up to 2048 characters');
      const position = whole(row, 'Image Position', 1000);
      if (position === 0) fail(row.line, 'Image Position', 'out_of_range', 'positions start at 1');
      const alt = localized(row, 'Image Alt Text', 300);
      if (ok && !images.some((i) => i.src === src)) images.push({ line: row.line, src, position: position || images.length + 1, alt });
    } else if (row.has('Image Position') || row.has('Image Alt Text')) {
      fail(row.line, 'Image Src', 'required', 'Image Position and Image Alt Text need an Image Src');
    }
    if (!isVariant) {
      if (row === first) fail(row.line, 'Variant Price', 'required', 'the first row of a product is its first variant: it needs a Variant Price');
      continue;
    }

    const optionValues: Record<string, string> = {};
    for (let n = 1; n <= MAX_OPTIONS; n++) {
      const option = options.find((o) => o.column === n);
      const value = row.get(`Option${n} Value`);
      if (!option) {
        if (value && !(n === 1 && value === 'Default Title')) fail(row.line, `Option${n} Value`, 'unknown_option', `a value without an Option${n} Name on the product's first row`);
        continue;
      }
      if (!value) {
        fail(row.line, `Option${n} Value`, 'required', `every variant needs a value of ${option.name['en-US'] || option.name['zh-CN']}`);
        continue;
      }
      if (value.length > 60) fail(row.line, `Option${n} Value`, 'too_long', 'at most 60 characters');
      optionValues[option.key] = value;
      if (!option.values.some((v) => v.value === value)) {
        option.values.push({ value, name: { 'zh-CN': row.get(`Option${n} Value (zh-CN)`) || value, 'en-US': row.get(`Option${n} Value (en-US)`) || value } });
        if (option.values.length === MAX_OPTION_VALUES + 1) fail(row.line, `Option${n} Value`, 'too_many', `an option has at most ${MAX_OPTION_VALUES} values`);
      }
    }
    const combo = JSON.stringify(options.map((o) => optionValues[o.key] ?? null));
    const seen = combos.get(combo);
    if (seen !== undefined) fail(row.line, options.length ? 'Option1 Value' : 'Variant SKU', 'duplicate_variant', `the same option values as the variant on line ${seen}`);
    combos.set(combo, row.line);

    let code = row.get('Variant SKU');
    if (!code) code = `${handle.slice(0, 58)}-${variants.length + 1}`;
    if (code.length > 64 || !SKU.test(code)) fail(row.line, 'Variant SKU', 'invalid_sku', 'must be up to 64 letters, digits, ".", "_", "/" or "-", starting with a letter or digit');
    const skuSeen = skuLines.get(code);
    if (skuSeen !== undefined) fail(row.line, 'Variant SKU', 'duplicate_sku', `SKU ${code} is already on line ${skuSeen}`);
    else skuLines.set(code, row.line);

    const prices: ImportVariant['prices'] = [];
    for (const currency of store.currencies) {
      const suffix = currency === store.defaultCurrency ? '' : ` (${currency})`;
      const priceColumn = `Variant Price${suffix}`;
      const compareColumn = `Variant Compare At Price${suffix}`;
      const own = row.get(`Variant Price (${currency})`);
      const rawPrice = suffix ? row.get(priceColumn) : own || row.get(priceColumn);
      const rawCompare = suffix ? row.get(compareColumn) : row.get(`Variant Compare At Price (${currency})`) || row.get(compareColumn);
      if (!rawPrice) {
        if (rawCompare) fail(row.line, priceColumn, 'required', 'a compare-at price needs a price');
        continue;
      }
      const price = parseMinorUnits(rawPrice, currency);
      if ('error' in price) {
        fail(row.line, priceColumn, 'invalid_price', price.error);
        continue;
      }
      let compareAtAmount: number | null = null;
      if (rawCompare) {
        const compare = parseMinorUnits(rawCompare, currency);
        if ('error' in compare) fail(row.line, compareColumn, 'invalid_price', compare.error);
        else if (compare.amount <= price.amount) fail(row.line, compareColumn, 'compare_at_not_above', `the compare-at price must be above the price (${rawPrice})`);
        else compareAtAmount = compare.amount;
      }
      prices.push({ currency, amount: price.amount, compareAtAmount });
    }
    if (!prices.length && !problemsOnLine(row.line)) fail(row.line, 'Variant Price', 'required', `every variant needs a price (${store.currencies.join(' or ')})`);
    prices.sort((a, b) => (a.currency < b.currency ? -1 : 1));
    const shipping = bool(row, 'Variant Requires Shipping');
    if (shipping !== null) {
      sawShipping = true;
      requiresShipping ||= shipping;
    }
    const barcode = plain(row, 'Variant Barcode', 64);
    let imageSrc: string | null | undefined = row.exists('Variant Image') ? null : undefined;
    if (row.has('Variant Image')) {
      const src = row.get('Variant Image');
      if (isImageUrl(src)) imageSrc = src;
      else fail(row.line, 'Variant Image', 'invalid_url', 'must be an http(s) URL of up to 2048 characters');
    }
    variants.push({
      line: row.line,
      code,
      optionValues,
      prices,
      barcode,
      weightGrams: whole(row, 'Variant Grams', MAX_GRAMS),
      stock: whole(row, 'Variant Inventory Qty', MAX_STOCK) ?? 0,
      ...(imageSrc !== undefined && { imageSrc }),
    });
  }
  // A variant's image that no Image Src row names is added after the product's others (Shopify does the same).
  images.sort((a, b) => a.position - b.position);
  let last = images.reduce((max, i) => Math.max(max, i.position), 0);
  for (const v of variants) {
    if (v.imageSrc && !images.some((i) => i.src === v.imageSrc)) images.push({ line: v.line, src: v.imageSrc, position: ++last, alt: { 'zh-CN': '', 'en-US': '' }, column: 'Variant Image' });
  }
  if (variants.length > MAX_VARIANTS) fail(variants[MAX_VARIANTS]!.line, null, 'too_many_variants', `a product has at most ${MAX_VARIANTS} variants (${variants.length})`);
  if (images.length > MAX_IMAGES_PER_PRODUCT) {
    const over = images[MAX_IMAGES_PER_PRODUCT]!;
    fail(over.line, over.column ?? 'Image Src', 'too_many_images', `a product has at most ${MAX_IMAGES_PER_PRODUCT} images`);
  }

  return {
    handle,
    line: first.line,
    title,
    description,
    vendor: plain(first, 'Vendor', 80),
    productType: plain(first, 'Type', 80),
    tags,
    status,
    kind: sawShipping && !requiresShipping ? 'digital' : 'physical',
    seo: { title: seoTitle['zh-CN'] || seoTitle['en-US'] ? seoTitle : null, description: seoDescription['zh-CN'] || seoDescription['en-US'] ? seoDescription : null },
    options: options.map(({ column: _column, ...o }) => o),
    variants,
    images,
  };
}

/** A product as the export writes it (the stored shape, media URLs absolute). */
export type ExportProduct = {
  handle: string;
  status: 'draft' | 'active' | 'archived';
  title: LocalizedString;
  description: LocalizedString;
  kind: 'physical' | 'digital';
  vendor: string | null;
  productType: string | null;
  tags: string[];
  seo: { title: LocalizedString | null; description: LocalizedString | null };
  options: ImportOption[];
  variants: {
    code: string;
    optionValues: Record<string, string>;
    prices: { currency: Currency; amount: number; compareAtAmount: number | null }[];
    barcode: string | null;
    weightGrams: number | null;
    stock: number;
    /** The absolute URL of the image the variant shows, when the merchant chose one. */
    imageUrl: string | null;
  }[];
  media: { url: string; alt: LocalizedString }[];
};

/** The export's header: Shopify's columns, then the other language's and currencies' columns of this store. */
export function exportColumns(store: CsvStore): string[] {
  const other = store.locales.filter((l) => l !== store.defaultLocale);
  const extraCurrencies = store.currencies.filter((c) => c !== store.defaultCurrency);
  return [
    ...SHOPIFY_COLUMNS,
    ...other.flatMap((l) => LOCALIZED_COLUMNS.map((c) => `${c} (${l})`)),
    ...extraCurrencies.flatMap((cur) => PRICED_COLUMNS.map((c) => `${c} (${cur})`)),
  ];
}

/** Writes products as the import reads them: the first row of each carries the product, every variant a row, images beside or after. */
export function writeProductCsv(products: readonly ExportProduct[], store: CsvStore): string {
  const columns = exportColumns(store);
  const other = store.locales.filter((l) => l !== store.defaultLocale);
  const rows: Record<string, string>[] = [];
  for (const p of products) {
    const rowCount = Math.max(p.variants.length, p.media.length);
    for (let i = 0; i < rowCount; i++) {
      const r: Record<string, string> = { Handle: p.handle };
      const text = (column: string, value: LocalizedString | null, transform: (s: string) => string = (s) => s) => {
        if (!value) return;
        r[column] = transform(value[store.defaultLocale]);
        for (const l of other) if (value[l] !== value[store.defaultLocale]) r[`${column} (${l})`] = transform(value[l]);
      };
      if (i === 0) {
        text('Title', p.title);
        text('Body (HTML)', p.description, descriptionToHtml);
        r.Vendor = p.vendor ?? '';
        r.Type = p.productType ?? '';
        r.Tags = p.tags.join(', ');
        r.Published = p.status === 'active' ? 'TRUE' : 'FALSE';
        r.Status = p.status;
        text('SEO Title', p.seo.title);
        text('SEO Description', p.seo.description);
        p.options.forEach((o, n) => text(`Option${n + 1} Name`, o.name));
      }
      const v = p.variants[i];
      if (v) {
        p.options.forEach((o, n) => {
          const value = v.optionValues[o.key] ?? '';
          r[`Option${n + 1} Value`] = value;
          const names = o.values.find((x) => x.value === value)?.name;
          for (const l of locales) if (names && names[l] !== value) r[`Option${n + 1} Value (${l})`] = names[l];
        });
        r['Variant SKU'] = v.code;
        r['Variant Grams'] = v.weightGrams === null ? '' : String(v.weightGrams);
        r['Variant Inventory Qty'] = String(v.stock);
        for (const price of v.prices) {
          const suffix = price.currency === store.defaultCurrency ? '' : ` (${price.currency})`;
          r[`Variant Price${suffix}`] = formatMinorUnits(price.amount, price.currency);
          r[`Variant Compare At Price${suffix}`] = price.compareAtAmount === null ? '' : formatMinorUnits(price.compareAtAmount, price.currency);
        }
        r['Variant Requires Shipping'] = p.kind === 'physical' ? 'TRUE' : 'FALSE';
        r['Variant Barcode'] = v.barcode ?? '';
        r['Variant Image'] = v.imageUrl ?? '';
      }
      const m = p.media[i];
      if (m) {
        r['Image Src'] = m.url;
        r['Image Position'] = String(i + 1);
        text('Image Alt Text', m.alt);
      }
      rows.push(r);
    }
  }
  // Locale columns of a value name in a language the store does not sell in are still written when they differ.
  const used = new Set(rows.flatMap((r) => Object.keys(r)));
  const header = [...columns, ...[...used].filter((c) => !columns.includes(c))];
  return stringify(
    rows.map((r) => header.map((c) => r[c] ?? '')),
    { header: true, columns: header, record_delimiter: 'unix' },
  );
}
