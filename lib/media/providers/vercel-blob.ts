import { BlobNotFoundError, del, head, put } from '@vercel/blob';
import type { MediaStorage } from './storage';

/**
 * Blobs in a Vercel Blob store, one per key (its pathname), through `@vercel/blob`. The SDK sends
 * its API calls to VERCEL_BLOB_API_URL when set (its own variable; the tests point it at a local
 * fake), else to Vercel. Reads ask the API where the blob is (`head`) and fetch it from there: the
 * app serves every file from its own host, so the store's public URLs are never handed out.
 */
export function vercelBlobStorage(token: string): MediaStorage {
  return {
    kind: 'vercel-blob',
    async put(key, body, contentType) {
      await put(key, Buffer.from(body), {
        access: 'public',
        token,
        contentType,
        addRandomSuffix: false,
        allowOverwrite: true,
        cacheControlMaxAge: 31536000,
      });
    },
    async get(key) {
      let url: string;
      try {
        url = (await head(key, { token })).url;
      } catch (err) {
        if (err instanceof BlobNotFoundError) return null;
        throw err;
      }
      const res = await fetch(url);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`Vercel Blob answered ${res.status} for a media file`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(keys) {
      if (keys.length) await del([...keys], { token });
    },
  };
}
