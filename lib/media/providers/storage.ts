/**
 * Where uploaded media files live: one interface, one adapter per backend (local disk, an
 * S3-compatible bucket, Vercel Blob), chosen by MEDIA_STORAGE (./index.ts). The official SDK of a
 * backend lives inside its adapter only. Keys are `lib/core/media-variants.ts` names; a key is
 * written once and never changes content, so a write may be repeated and a missing key on delete
 * is no error.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3' | 'vercel-blob';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when no file has this key. */
  get(key: string): Promise<Uint8Array | null>;
  delete(keys: readonly string[]): Promise<void>;
}
