import sharp, { type Metadata, type Sharp } from 'sharp';
import { ServiceError } from '../core/errors';
import { MEDIA_VARIANT_FORMATS, MEDIA_CONTENT_TYPES, ORIGINAL_EXTENSIONS, type OriginalFormat, originalName, variantName, widthSteps } from '../core/media-variants';
import { type SourceFormat, sniffImageFormat } from './sniff-image';

/** What sharp calls each format we take (an AVIF is a HEIF with AV1 inside). */
const SHARP_FORMATS: Record<SourceFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif', gif: 'gif' };

export type ProcessedFile = { name: string; width: number; height: number; format: OriginalFormat; bytes: Uint8Array; contentType: string };

export type ProcessedImage = {
  sourceFormat: SourceFormat;
  /** The original's format as stored: the upload's own, but a GIF's first frame is a PNG. */
  format: OriginalFormat;
  width: number;
  height: number;
  /** The original first, then each width step in AVIF and WebP. */
  files: ProcessedFile[];
};

/**
 * Checks an upload by its content and makes its files: the original re-encoded (orientation
 * applied, EXIF and every other metadata dropped) and each responsive width in AVIF and WebP.
 * Refuses what is not a JPEG, PNG, WebP, AVIF or GIF (415 `media_type_unsupported`), what declares
 * more than `maxPixels` pixels before any is decoded (422 `image_dimensions_too_large`: a
 * decompression bomb is a few kilobytes declaring gigapixels) and what does not decode (422
 * `image_unreadable`). A GIF gives its first frame.
 */
export async function processImage(bytes: Uint8Array, hash: string, maxPixels: number): Promise<ProcessedImage> {
  const sourceFormat = sniffImageFormat(bytes);
  if (!sourceFormat) throw new ServiceError('media_type_unsupported');
  const input = { limitInputPixels: maxPixels, pages: 1, autoOrient: true } as const;
  let meta: Metadata;
  try {
    // The header alone, whatever it declares: the pixel count is checked below, before any decoding.
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    throw new ServiceError('image_unreadable');
  }
  // The bytes began like one format and parse as another: not what they claim to be.
  if (meta.format !== SHARP_FORMATS[sourceFormat] || (sourceFormat === 'avif' && meta.compression !== 'av1')) throw new ServiceError('media_type_unsupported');
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels > maxPixels) throw new ServiceError('image_dimensions_too_large', { details: { maxPixels, width: meta.width, height: meta.pageHeight ?? meta.height } });

  const format: OriginalFormat = sourceFormat === 'gif' ? 'png' : sourceFormat;
  try {
    const { data: original, info } = await encode(sharp(bytes, input), format).toBuffer({ resolveWithObject: true });
    const files: ProcessedFile[] = [{ name: originalName(hash, format), width: info.width, height: info.height, format, bytes: original, contentType: MEDIA_CONTENT_TYPES[ORIGINAL_EXTENSIONS[format]]! }];
    // Every variant is made from the re-encoded original: decoded once more, already upright.
    for (const step of widthSteps(info.width)) {
      for (const variant of MEDIA_VARIANT_FORMATS) {
        const { data, info: out } = await encode(sharp(original).resize({ width: step.width, withoutEnlargement: true }), variant).toBuffer({ resolveWithObject: true });
        files.push({ name: variantName(hash, step.step, variant), width: out.width, height: out.height, format: variant, bytes: data, contentType: `image/${variant}` });
      }
    }
    return { sourceFormat, format, width: info.width, height: info.height, files };
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    throw new ServiceError('image_unreadable');
  }
}

function encode(image: Sharp, format: OriginalFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'webp':
      return image.webp({ quality: 80 });
    case 'avif':
      // effort 2: a fraction of the default's time for a file a few percent larger.
      return image.avif({ quality: 55, effort: 2 });
  }
}
