import 'server-only';
import { mediaKeyContentType } from '../core/media-variants';
import { type MediaStorage, mediaStorage } from './providers';

export type MediaFile = { bytes: Uint8Array; contentType: string };

/**
 * A stored file by its key, for the media route: null for a key that names no file of ours (never
 * passed to the storage) or one the storage does not hold. Its type comes from its name, which
 * this app gave it after checking its content, never from what the storage says.
 */
export async function readMediaFile(key: string, storage: MediaStorage = mediaStorage()): Promise<MediaFile | null> {
  const contentType = mediaKeyContentType(key);
  if (!contentType) return null;
  const bytes = await storage.get(key);
  return bytes ? { bytes, contentType } : null;
}
