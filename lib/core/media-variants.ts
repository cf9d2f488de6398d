/**
 * The names of uploaded product images, declared once: lib/media writes its files under them and
 * the pages derive their responsive sources from them, so a media object needs no field beyond
 * the public `CatalogMedia` shape (`url` names the original, `width` its width).
 *
 * An upload is stored under `<merchantId>/<mediaId>/` as `<hash>-original.<ext>` (the original
 * re-encoded: EXIF stripped, orientation applied) and `<hash>-w<step>.avif|webp` for each step of
 * the width ladder the original reaches, `<hash>` being the first 16 hex digits of the SHA-256 of
 * the uploaded bytes. A name never changes content: files are served as immutable.
 */

/** The responsive widths. The first step at or above the original's width holds the original's width (it is never enlarged); steps above it are not made. */
export const MEDIA_WIDTH_STEPS = [320, 640, 960, 1280, 1920] as const;
export type MediaWidthStep = (typeof MEDIA_WIDTH_STEPS)[number];

/** The formats of the responsive files, best first (as a `<picture>` lists its sources). */
export const MEDIA_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type MediaVariantFormat = (typeof MEDIA_VARIANT_FORMATS)[number];

/** The extensions an original may have, by the format it was stored in. */
export const ORIGINAL_EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' } as const;
export type OriginalFormat = keyof typeof ORIGINAL_EXTENSIONS;

/** Where uploaded files are served on this host: `/media/u/<key>`. */
export const UPLOADED_MEDIA_PATH = '/media/u/';

/** Each step made for an original `width` pixels wide, with the width of its files. */
export function widthSteps(width: number): { step: MediaWidthStep; width: number }[] {
  const out: { step: MediaWidthStep; width: number }[] = [];
  for (const step of MEDIA_WIDTH_STEPS) {
    out.push({ step, width: Math.min(step, width) });
    if (step >= width) break;
  }
  return out;
}

export function originalName(hash: string, format: OriginalFormat): string {
  return `${hash}-original.${ORIGINAL_EXTENSIONS[format]}`;
}

export function variantName(hash: string, step: MediaWidthStep, format: MediaVariantFormat): string {
  return `${hash}-w${step}.${format}`;
}

/** The content types of the files this app stores, by extension (what the media route answers). */
export const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** A stored file's key: `<uuid>/<uuid>/<16 hex>-(original|w<step>).<ext>`. Anything else is no file of ours. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{16}-(original|w\d{3,4})\.(jpg|png|webp|avif)$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

/** The content type of a stored file, by its key; null for a key that names no file of ours. */
export function mediaKeyContentType(key: string): string | null {
  return isMediaKey(key) ? (MEDIA_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? null) : null;
}

const ORIGINAL_URL = /^(.*\/media\/u\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f]{16})-original\.(jpg|png|webp|avif)$/;

export type ResponsiveSources = {
  /** `srcset` of each variant format, widest last. */
  srcSets: { format: MediaVariantFormat; type: string; srcSet: string }[];
  /** The `src` for browsers without `<picture>`: the widest WebP. */
  fallback: string;
};

/**
 * The responsive sources of an uploaded image from its `url` (root-relative or absolute) and
 * width; null for any other image (the demo's own files, another host's). Without the width
 * (a cart line knows only the URL) the smallest step alone, which every upload has.
 */
export function responsiveSources(url: string, width: number | null): ResponsiveSources | null {
  const m = ORIGINAL_URL.exec(url);
  if (!m) return null;
  const base = m[1]!;
  const steps = width ? widthSteps(width) : [{ step: MEDIA_WIDTH_STEPS[0], width: MEDIA_WIDTH_STEPS[0] }];
  const srcSets = MEDIA_VARIANT_FORMATS.map((format) => ({
    format,
    type: `image/${format}`,
    srcSet: steps.map((s) => `${base}-w${s.step}.${format}${width ? ` ${s.width}w` : ''}`).join(', '),
  }));
  return { srcSets, fallback: `${base}-w${steps[steps.length - 1]!.step}.webp` };
}
