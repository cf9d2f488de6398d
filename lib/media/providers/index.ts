import { config } from '../../platform/config';
import { processWide } from '../../platform/process-wide';
import { localDiskStorage } from './local-disk';
import { s3Storage } from './s3';
import type { MediaStorage } from './storage';
import { vercelBlobStorage } from './vercel-blob';

export type { MediaStorage } from './storage';

/** The storage MEDIA_STORAGE names, configured from the environment. */
export function storageFromConfig(): MediaStorage {
  const c = config();
  switch (c.MEDIA_STORAGE) {
    case 's3':
      return s3Storage({
        bucket: c.S3_BUCKET!,
        region: c.S3_REGION,
        endpoint: c.S3_ENDPOINT,
        forcePathStyle: c.S3_FORCE_PATH_STYLE,
        credentials: c.S3_ACCESS_KEY_ID ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY! } : undefined,
        keyPrefix: c.S3_KEY_PREFIX,
      });
    case 'vercel-blob':
      return vercelBlobStorage(c.BLOB_READ_WRITE_TOKEN!);
    default:
      return localDiskStorage(c.mediaDir);
  }
}

const slot = () => processWide('media-storage', () => ({ current: undefined as MediaStorage | undefined, madeFrom: undefined as object | undefined }));

/** The process's media storage, made on first use and again whenever the configuration is read anew (tests change it). */
export function mediaStorage(): MediaStorage {
  const held = slot();
  const c = config();
  if (!held.current || held.madeFrom !== c) {
    held.current = storageFromConfig();
    held.madeFrom = c;
  }
  return held.current;
}
