import { describe, expect, it } from 'vitest';
import { DecorationDraft, StorefrontDecoration } from './schemas';

const MAX = 9007199254740991;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (zh = '标题', en = 'Title') => ({ 'zh-CN': zh, 'en-US': en });
const media = (over: Record<string, unknown> = {}) => ({
  id: uuid(900),
  kind: 'image',
  url: 'https://cdn.example/a.png',
  thumbnailUrl: null,
  alt: 'An image',
  width: 800,
  height: 600,
  durationSeconds: null,
  ...over,
});
const product = (over: Record<string, unknown> = {}) => ({
  id: uuid(800),
  slug: 'aurora',
  title: 'Aurora',
  imageUrl: 'https://cdn.example/p.png',
  kind: 'physical',
  price: { amount: 14900, currency: 'USD' },
  ...over,
});
const blocks = {
  brand_hero: (over: Record<string, unknown> = {}) => ({ id: uuid(1), type: 'brand_hero', title: text(), media: media(), ...over }),
  notice: (over: Record<string, unknown> = {}) => ({ id: uuid(2), type: 'notice', text: text(), ...over }),
  image_banner: (over: Record<string, unknown> = {}) => ({ id: uuid(3), type: 'image_banner', alt: text(), media: media(), ...over }),
  product_collection: (over: Record<string, unknown> = {}) => ({
    id: uuid(4),
    type: 'product_collection',
    title: text(),
    products: [product()],
    ...over,
  }),
};
type Kind = keyof typeof blocks;
const kinds = Object.keys(blocks) as Kind[];

const decoration = (over: Record<string, unknown> = {}) => ({
  versionId: uuid(100),
  version: 1,
  tenant: { slug: 'lumen-audio', displayName: 'Lumen Audio' },
  locale: 'en-US',
  market: 'US',
  blocks: kinds.map((k) => blocks[k]()),
  ...over,
});
const withBlock = (block: unknown) => decoration({ blocks: [block] });

function accepts(value: unknown) {
  const r = StorefrontDecoration.safeParse(value);
  expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
  return r.data!;
}
function refuses(value: unknown, path?: string) {
  const r = StorefrontDecoration.safeParse(value);
  expect(r.success).toBe(false);
  if (path) expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(path);
}

describe('StorefrontDecoration: top level', () => {
  it('accepts a decoration with one block of each kind', () => accepts(decoration()));

  it('bounds blocks to 32', () => {
    accepts(decoration({ blocks: Array.from({ length: 32 }, (_, i) => blocks.notice({ id: uuid(i + 10) })) }));
    refuses(decoration({ blocks: Array.from({ length: 33 }, (_, i) => blocks.notice({ id: uuid(i + 10) })) }), 'blocks');
    accepts(decoration({ blocks: [] }));
  });

  it('bounds version to 1..9007199254740991, integers only', () => {
    accepts(decoration({ version: 1 }));
    accepts(decoration({ version: MAX }));
    refuses(decoration({ version: 0 }), 'version');
    refuses(decoration({ version: -1 }), 'version');
    refuses(decoration({ version: MAX + 1 }), 'version');
    refuses(decoration({ version: 1.5 }), 'version');
  });

  it('requires a UUID versionId', () => {
    refuses(decoration({ versionId: 'v1' }), 'versionId');
    refuses(decoration({ versionId: '00000000-0000-0000-0000-00000000000g' }), 'versionId');
  });

  it('takes only the listed locales and markets', () => {
    for (const locale of ['zh-CN', 'en-US']) accepts(decoration({ locale }));
    for (const market of ['CN', 'US']) accepts(decoration({ market }));
    refuses(decoration({ locale: 'fr-FR' }), 'locale');
    refuses(decoration({ locale: 'en' }), 'locale');
    refuses(decoration({ market: 'GB' }), 'market');
  });

  it('requires tenant slug and displayName and nothing else', () => {
    refuses(decoration({ tenant: { slug: 'x' } }), 'tenant.displayName');
    refuses(decoration({ tenant: { displayName: 'x' } }), 'tenant.slug');
    refuses(decoration({ tenant: { slug: 'x', displayName: 'X', id: uuid(5) } }), 'tenant');
  });

  it('requires every top-level field and refuses unknown ones', () => {
    for (const key of ['versionId', 'version', 'tenant', 'locale', 'market', 'blocks']) {
      const d: Record<string, unknown> = decoration();
      delete d[key];
      refuses(d, key);
    }
    refuses(decoration({ publishedAt: '2026-01-01T00:00:00Z' }));
  });
});

describe('StorefrontDecoration: shared block fields', () => {
  it.each(kinds)('%s: applies the defaults of enabled, responsive and theme in the output', (kind) => {
    const out = accepts(withBlock(blocks[kind]())).blocks[0]!;
    expect(out).toMatchObject({
      enabled: true,
      responsive: { desktop: true, mobile: true },
      theme: { surface: 'default', accent: 'primary', density: 'comfortable' },
    });
  });

  it.each(kinds)('%s: fills the missing fields of a partial responsive and theme', (kind) => {
    const out = accepts(withBlock(blocks[kind]({ responsive: { mobile: false }, theme: { density: 'compact' } }))).blocks[0]!;
    expect(out.responsive).toEqual({ desktop: true, mobile: false });
    expect(out.theme).toEqual({ surface: 'default', accent: 'primary', density: 'compact' });
  });

  it.each(kinds)('%s: keeps given values of the shared fields', (kind) => {
    const theme = { surface: 'elevated', accent: 'neutral', density: 'compact' };
    const out = accepts(withBlock(blocks[kind]({ enabled: false, responsive: { desktop: false, mobile: true }, theme }))).blocks[0]!;
    expect(out).toMatchObject({ enabled: false, responsive: { desktop: false, mobile: true }, theme });
    for (const surface of ['default', 'muted', 'elevated']) accepts(withBlock(blocks[kind]({ theme: { surface } })));
  });

  it.each(kinds)('%s: refuses bad shared fields', (kind) => {
    refuses(withBlock(blocks[kind]({ id: 'block-1' })), 'blocks.0.id');
    refuses(withBlock(blocks[kind]({ id: undefined })), 'blocks.0.id');
    refuses(withBlock(blocks[kind]({ enabled: 'yes' })), 'blocks.0.enabled');
    refuses(withBlock(blocks[kind]({ responsive: { desktop: 1 } })), 'blocks.0.responsive.desktop');
    refuses(withBlock(blocks[kind]({ responsive: { tablet: true } })), 'blocks.0.responsive');
    refuses(withBlock(blocks[kind]({ theme: { surface: 'loud' } })), 'blocks.0.theme.surface');
    refuses(withBlock(blocks[kind]({ theme: { accent: 'secondary' } })), 'blocks.0.theme.accent');
    refuses(withBlock(blocks[kind]({ theme: { density: 'cozy' } })), 'blocks.0.theme.density');
    refuses(withBlock(blocks[kind]({ theme: { color: 'red' } })), 'blocks.0.theme');
    refuses(withBlock(blocks[kind]({ extra: 1 })), 'blocks.0');
  });

  it('refuses an unknown block type', () => {
    refuses(withBlock({ ...blocks.notice(), type: 'carousel' }), 'blocks.0.type');
  });
});

describe('StorefrontDecoration: block kinds', () => {
  const localizedFields: [Kind, string][] = [
    ['brand_hero', 'title'],
    ['brand_hero', 'description'],
    ['notice', 'text'],
    ['image_banner', 'alt'],
    ['product_collection', 'title'],
  ];

  it.each(localizedFields)('%s.%s: at most 1000 characters per locale, both keys, no others', (kind, field) => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const at = (n: number) => withBlock(blocks[kind]({ [field]: { ...text(), [locale]: '字'.repeat(n) } }));
      accepts(at(1000));
      accepts(at(0));
      refuses(at(1001), `blocks.0.${field}.${locale}`);
      refuses(withBlock(blocks[kind]({ [field]: { ...text(), [locale]: 5 } })), `blocks.0.${field}.${locale}`);
    }
    refuses(withBlock(blocks[kind]({ [field]: { ...text(), 'fr-FR': 'Titre' } })), `blocks.0.${field}`);
    refuses(withBlock(blocks[kind]({ [field]: 'Title' })), `blocks.0.${field}`);
  });

  it.each(localizedFields)('%s.%s: a missing locale defaults to the empty string', (kind, field) => {
    const out = accepts(withBlock(blocks[kind]({ [field]: { 'en-US': 'Only English' } }))).blocks[0] as Record<string, unknown>;
    expect(out[field]).toEqual({ 'zh-CN': '', 'en-US': 'Only English' });
  });

  it.each([
    ['brand_hero', ['title', 'media']],
    ['notice', ['text']],
    ['image_banner', ['alt', 'media']],
    ['product_collection', ['title', 'products']],
  ] as [Kind, string[]][])('%s requires %j', (kind, required) => {
    for (const key of required) refuses(withBlock(blocks[kind]({ [key]: undefined })), `blocks.0.${key}`);
  });

  it('brand_hero: description is optional, media may be null', () => {
    const out = accepts(withBlock(blocks.brand_hero({ media: null }))).blocks[0]!;
    expect(out).not.toHaveProperty('description');
    accepts(withBlock(blocks.brand_hero({ description: text() })));
  });

  it('image_banner: media may not be null', () => {
    refuses(withBlock(blocks.image_banner({ media: null })), 'blocks.0.media');
  });

  it.each(['notice', 'image_banner'] as Kind[])('%s: path is 1..300 characters, null or absent', (kind) => {
    accepts(withBlock(blocks[kind]({ path: 'x' })));
    accepts(withBlock(blocks[kind]({ path: '/'.padEnd(300, 'p') })));
    accepts(withBlock(blocks[kind]({ path: null })));
    accepts(withBlock(blocks[kind]()));
    refuses(withBlock(blocks[kind]({ path: '' })), 'blocks.0.path');
    refuses(withBlock(blocks[kind]({ path: '/'.padEnd(301, 'p') })), 'blocks.0.path');
  });

  it('refuses the fields of another kind', () => {
    refuses(withBlock(blocks.notice({ media: media() })), 'blocks.0');
    refuses(withBlock(blocks.brand_hero({ path: '/x' })), 'blocks.0');
    refuses(withBlock(blocks.image_banner({ title: text() })), 'blocks.0');
    refuses(withBlock(blocks.product_collection({ text: text() })), 'blocks.0');
  });

  it('product_collection: at most 24 products', () => {
    const products = (n: number) => Array.from({ length: n }, (_, i) => product({ id: uuid(500 + i) }));
    accepts(withBlock(blocks.product_collection({ products: products(24) })));
    accepts(withBlock(blocks.product_collection({ products: [] })));
    refuses(withBlock(blocks.product_collection({ products: products(25) })), 'blocks.0.products');
  });
});

describe('StorefrontDecoration: media object', () => {
  const withMedia = (over: Record<string, unknown>) => withBlock(blocks.image_banner({ media: media(over) }));

  it('requires all eight fields and refuses others', () => {
    for (const key of ['id', 'kind', 'url', 'thumbnailUrl', 'alt', 'width', 'height', 'durationSeconds']) {
      refuses(withMedia({ [key]: undefined }), `blocks.0.media.${key}`);
    }
    refuses(withMedia({ caption: 'x' }), 'blocks.0.media');
  });

  it('takes image or video', () => {
    accepts(withMedia({ kind: 'video', durationSeconds: 6, thumbnailUrl: 'https://cdn.example/poster.jpg' }));
    refuses(withMedia({ kind: 'audio' }), 'blocks.0.media.kind');
  });

  it('bounds alt to 500 characters', () => {
    accepts(withMedia({ alt: 'a'.repeat(500) }));
    accepts(withMedia({ alt: '' }));
    refuses(withMedia({ alt: 'a'.repeat(501) }), 'blocks.0.media.alt');
  });

  it('requires URIs for url and thumbnailUrl', () => {
    accepts(withMedia({ url: 'http://localhost:3000/media/a.svg', thumbnailUrl: 'https://cdn.example/t.jpg' }));
    for (const bad of ['/media/a.svg', 'media/a.svg', 'not a url', '', 'javascript:alert(1)', 'https:/cdn.example/a.png']) {
      refuses(withMedia({ url: bad }), 'blocks.0.media.url');
      refuses(withMedia({ thumbnailUrl: bad }), 'blocks.0.media.thumbnailUrl');
    }
  });

  it.each(['width', 'height', 'durationSeconds'])('%s: an integer 1..9007199254740991, or null', (key) => {
    accepts(withMedia({ [key]: 1 }));
    accepts(withMedia({ [key]: MAX }));
    accepts(withMedia({ [key]: null }));
    for (const bad of [0, -1, MAX + 1, 2.5, '800']) refuses(withMedia({ [key]: bad }), `blocks.0.media.${key}`);
  });

  it('requires a UUID id', () => refuses(withMedia({ id: 'hero-image' }), 'blocks.0.media.id'));
});

describe('StorefrontDecoration: product entry', () => {
  const withProduct = (over: Record<string, unknown>) => withBlock(blocks.product_collection({ products: [product(over)] }));
  const at = 'blocks.0.products.0';

  it('requires all six fields and refuses others', () => {
    for (const key of ['id', 'slug', 'title', 'imageUrl', 'kind', 'price']) refuses(withProduct({ [key]: undefined }), `${at}.${key}`);
    refuses(withProduct({ available: true }), at);
  });

  it('bounds slug to 1..160 and title to 1..300 characters', () => {
    accepts(withProduct({ slug: 's', title: 't' }));
    accepts(withProduct({ slug: 's'.repeat(160), title: 't'.repeat(300) }));
    refuses(withProduct({ slug: '' }), `${at}.slug`);
    refuses(withProduct({ slug: 's'.repeat(161) }), `${at}.slug`);
    refuses(withProduct({ title: '' }), `${at}.title`);
    refuses(withProduct({ title: 't'.repeat(301) }), `${at}.title`);
  });

  it('takes a URI or null as imageUrl', () => {
    accepts(withProduct({ imageUrl: null }));
    refuses(withProduct({ imageUrl: '/media/p.png' }), `${at}.imageUrl`);
  });

  it('takes physical or digital', () => {
    accepts(withProduct({ kind: 'digital' }));
    refuses(withProduct({ kind: 'service' }), `${at}.kind`);
  });

  it('requires a UUID id', () => refuses(withProduct({ id: '42' }), `${at}.id`));

  it('bounds the price amount to 0..9007199254740991 in CNY or USD, or null', () => {
    accepts(withProduct({ price: null }));
    accepts(withProduct({ price: { amount: 0, currency: 'CNY' } }));
    accepts(withProduct({ price: { amount: MAX, currency: 'USD' } }));
    refuses(withProduct({ price: { amount: -1, currency: 'USD' } }), `${at}.price.amount`);
    refuses(withProduct({ price: { amount: MAX + 1, currency: 'USD' } }), `${at}.price.amount`);
    refuses(withProduct({ price: { amount: 9.99, currency: 'USD' } }), `${at}.price.amount`);
    refuses(withProduct({ price: { amount: 100, currency: 'EUR' } }), `${at}.price.currency`);
    refuses(withProduct({ price: { amount: 100 } }), `${at}.price.currency`);
    refuses(withProduct({ price: { currency: 'USD' } }), `${at}.price.amount`);
    refuses(withProduct({ price: { amount: 100, currency: 'USD', compareAt: 200 } }), `${at}.price`);
  });
});

describe('DecorationDraft', () => {
  it('is the decoration without what publishing assigns, with the same rules', () => {
    const { versionId: _v, version: _n, tenant: _t, ...draft } = decoration();
    expect(DecorationDraft.safeParse(draft).success).toBe(true);
    expect(DecorationDraft.safeParse({ ...draft, versionId: uuid(1) }).success).toBe(false);
    expect(DecorationDraft.safeParse({ ...draft, blocks: [blocks.notice({ text: { 'en-US': 'x'.repeat(1001) } })] }).success).toBe(false);
  });
});
