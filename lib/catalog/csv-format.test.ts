import { describe, expect, it } from 'vitest';
import { type CsvStore, MAX_IMAGES_PER_PRODUCT, formatMinorUnits, parseMinorUnits, parseProductCsv, writeProductCsv } from './csv-format';
import { descriptionToHtml, htmlToText } from './csv-html';

const both: CsvStore = { defaultLocale: 'zh-CN', locales: ['zh-CN', 'en-US'], defaultCurrency: 'CNY', currencies: ['CNY', 'USD'] };
const head = 'Handle,Title,Body (HTML),Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Title (en-US),Option1 Name (en-US),Option1 Value (en-US),Variant Price (USD)';

describe('prices', () => {
  it('are exact minor units from decimal text, never rounded', () => {
    expect(parseMinorUnits('19.99', 'CNY')).toEqual({ amount: 1999 });
    expect(parseMinorUnits('0.1', 'USD')).toEqual({ amount: 10 });
    expect(parseMinorUnits('1.10', 'USD')).toEqual({ amount: 110 });
    expect(parseMinorUnits('1.100', 'USD')).toEqual({ amount: 110 });
    expect(parseMinorUnits('1.005', 'USD')).toHaveProperty('error');
    expect(parseMinorUnits('-1', 'USD')).toHaveProperty('error');
    expect(parseMinorUnits('$5', 'USD')).toHaveProperty('error');
    expect(formatMinorUnits(5, 'CNY')).toBe('0.05');
    expect(formatMinorUnits(123456, 'USD')).toBe('1234.56');
  });
});

describe('parseProductCsv', () => {
  it('groups rows by handle into products with both languages and currencies', () => {
    const csv = [
      head,
      'tee,T恤,<p>好<br>衣服</p>,颜色,黑,TEE-B,99.00,129,5,Tee,Color,Black,15.5',
      'tee,,,,白,TEE-W,99,,0,,,White,',
    ].join('\n');
    const r = parseProductCsv(csv, both);
    expect(r.problems).toEqual([]);
    const [p] = r.products;
    expect(p!.title).toEqual({ 'zh-CN': 'T恤', 'en-US': 'Tee' });
    expect(p!.description['zh-CN']).toBe('好\n衣服');
    expect(p!.options).toEqual([{ key: 'color', name: { 'zh-CN': '颜色', 'en-US': 'Color' }, values: [{ value: '黑', name: { 'zh-CN': '黑', 'en-US': 'Black' } }, { value: '白', name: { 'zh-CN': '白', 'en-US': 'White' } }] }]);
    expect(p!.variants.map((v) => [v.code, v.prices, v.stock])).toEqual([
      ['TEE-B', [{ currency: 'CNY', amount: 9900, compareAtAmount: 12900 }, { currency: 'USD', amount: 1550, compareAtAmount: null }], 5],
      ['TEE-W', [{ currency: 'CNY', amount: 9900, compareAtAmount: null }], 0],
    ]);
  });

  it('lists every problem of every row with its line, never stopping at the first', () => {
    const csv = [
      head,
      'ok,Fine,,,,OK-1,1,,1,,,,',
      'Bad Handle,x,,,,X,1,,,,,,',
      'p,,,,,P-1,1.234,1,-3,,,,',
      'q,Q,,Size,,Q-1,abc,,,,,,',
      'r,R,,,,OK-1,2,,,,,,',
      '"broken,quote',
    ].join('\n');
    const r = parseProductCsv(csv, both);
    // Quoting breaks the whole file: one problem with the line where reading stopped.
    expect(r.problems.map((p) => p.code)).toEqual(['csv_unreadable']);
    const fine = parseProductCsv(csv.split('\n').slice(0, -1).join('\n'), both);
    expect(fine.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [3, 'Handle', 'invalid_handle'],
      [4, 'Title', 'required'],
      [4, 'Variant Price', 'invalid_price'],
      [4, 'Variant Inventory Qty', 'out_of_range'],
      [5, 'Option1 Value', 'required'],
      [5, 'Variant Price', 'invalid_price'],
      [6, 'Variant SKU', 'duplicate_sku'],
    ]);
    expect(fine.products.map((p) => p.handle)).toEqual(['ok']);
    expect(fine.handles).toBe(4);
  });

  it('reads the header checks and Shopify’s product without options', () => {
    expect(parseProductCsv('Title\nx', both).problems[0]).toMatchObject({ line: 1, code: 'missing_column' });
    const r = parseProductCsv('Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Requires Shipping,Gift Card\nebook,E-book,Title,Default Title,5,FALSE,FALSE', both);
    expect(r.problems).toEqual([]);
    expect(r.ignoredColumns).toEqual(['Gift Card']);
    expect(r.products[0]).toMatchObject({ options: [], kind: 'digital', variants: [{ code: 'ebook-1', optionValues: {} }] });
  });
});

describe('Body (HTML)', () => {
  it('is made plain text: scripts dropped, tags removed, entities decoded', () => {
    expect(htmlToText('<p>Hi <b>there</b> &amp; you</p><script>alert(1)</script><p>Line<br/>two</p>')).toBe('Hi there & you\n\nLine\ntwo');
    expect(htmlToText('<img src=x onerror=alert(1)>Safe')).toBe('Safe');
  });
  it('round-trips the stored text', () => {
    for (const text of ['One\ntwo\n\nThree <b> & "x"', '', '纯文本']) expect(htmlToText(descriptionToHtml(text))).toBe(text);
  });
});

describe('Variant Image', () => {
  const pictured = 'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Image Position,Image Alt Text,Variant Image';
  it('points a variant at one of the product’s images by URL; a URL no Image Src names is added after the others', () => {
    const csv = [
      pictured,
      'tee,T恤,颜色,黑,TEE-B,99,https://img.example/black.png,1,黑色,https://img.example/black.png',
      'tee,,,白,TEE-W,99,,,,https://img.example/white.png',
      'tee,,,灰,TEE-G,99,,,,',
      'tee,,,,,,https://img.example/side.png,2,侧面,',
    ].join('\n');
    const r = parseProductCsv(csv, both);
    expect(r.problems).toEqual([]);
    const [p] = r.products;
    expect(p!.variants.map((v) => [v.code, v.imageSrc])).toEqual([
      ['TEE-B', 'https://img.example/black.png'],
      ['TEE-W', 'https://img.example/white.png'],
      ['TEE-G', null],
    ]);
    expect(p!.images.map((i) => [i.src, i.position, i.line, i.column])).toEqual([
      ['https://img.example/black.png', 1, 2, undefined],
      ['https://img.example/side.png', 2, 5, undefined],
      ['https://img.example/white.png', 3, 3, 'Variant Image'],
    ]);
  });

  it('is refused beside its cell when it is not an http(s) URL; a file without the column leaves the variants’ pictures alone', () => {
    const bad = parseProductCsv([pictured, 'tee,T恤,颜色,黑,TEE-B,99,,,,ftp://img.example/black.png'].join('\n'), both);
    expect(bad.problems.map((p) => [p.line, p.column, p.code])).toEqual([[2, 'Variant Image', 'invalid_url']]);
    const without = parseProductCsv([head, 'tee,T恤,,颜色,黑,TEE-B,99,,1,,,,'].join('\n'), both);
    expect(without.problems).toEqual([]);
    expect(without.products[0]!.variants[0]).not.toHaveProperty('imageSrc');
  });

  it('has too many images counted with the ones only a variant names', () => {
    const rows = [pictured, 'tee,T恤,颜色,v0,TEE-0,99,,,,https://img.example/0.png'];
    for (let i = 1; i <= MAX_IMAGES_PER_PRODUCT; i++) rows.push(`tee,,,v${i},TEE-${i},99,,,,https://img.example/${i}.png`);
    const r = parseProductCsv(rows.join('\n'), both);
    expect(r.problems.map((p) => [p.line, p.column, p.code])).toEqual([[2 + MAX_IMAGES_PER_PRODUCT, 'Variant Image', 'too_many_images']]);
  });
});

describe('writeProductCsv', () => {
  it('writes what parseProductCsv reads back the same', () => {
    const csv = [head, 'tee,T恤,<p>好</p>,颜色,黑,TEE-B,99.00,129,5,Tee,Color,Black,15.5', 'tee,,,,白,TEE-W,99,,0,,,White,'].join('\n');
    const [p] = parseProductCsv(csv, both).products;
    const out = writeProductCsv([{ ...p!, variants: p!.variants.map((v) => ({ ...v, imageUrl: null })), media: [] }], both);
    const [again] = parseProductCsv(out, both).products;
    // The export always has the Variant Image column: empty, each variant reads back with no picture chosen.
    expect({ ...again, line: 0, variants: again!.variants.map((v) => ({ ...v, line: 0 })) }).toEqual({ ...p, line: 0, variants: p!.variants.map((v) => ({ ...v, line: 0, imageSrc: null })) });
  });

  it('writes each variant’s picture as Variant Image, beside the product’s Image Src rows', () => {
    const media = [
      { url: 'https://shop.example/media/u/a.webp', alt: { 'zh-CN': '正面', 'en-US': 'Front' } },
      { url: 'https://shop.example/media/u/b.webp', alt: { 'zh-CN': '背面', 'en-US': 'Back' } },
    ];
    const base = { handle: 'tee', status: 'active' as const, title: { 'zh-CN': 'T恤', 'en-US': 'Tee' }, description: { 'zh-CN': '', 'en-US': '' }, kind: 'physical' as const, vendor: null, productType: null, tags: [], seo: { title: null, description: null } };
    const options = [{ key: 'color', name: { 'zh-CN': '颜色', 'en-US': 'Color' }, values: ['黑', '白'].map((v) => ({ value: v, name: { 'zh-CN': v, 'en-US': v } })) }];
    const variant = (code: string, value: string, imageUrl: string | null) => ({ code, optionValues: { color: value }, prices: [{ currency: 'CNY' as const, amount: 9900, compareAtAmount: null }], barcode: null, weightGrams: null, stock: 1, imageUrl });
    const out = writeProductCsv([{ ...base, options, variants: [variant('TEE-B', '黑', media[1]!.url), variant('TEE-W', '白', null)], media }], both);
    const [p] = parseProductCsv(out, both).products;
    expect(p!.variants.map((v) => [v.code, v.imageSrc])).toEqual([
      ['TEE-B', media[1]!.url],
      ['TEE-W', null],
    ]);
    expect(p!.images.map((i) => i.src)).toEqual(media.map((m) => m.url));
  });
});
