import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { MediaStorage } from './storage';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service's endpoint; unset: AWS S3 of the region. */
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key (e.g. `media/`), to share a bucket. */
  keyPrefix: string;
};

/** Objects in an S3-compatible bucket (AWS S3, MinIO, R2...), one per key, through the AWS SDK. */
export function s3Storage(options: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // A media write is small and repeatable: two more tries, then the upload fails cleanly.
    maxAttempts: 3,
  });
  const objectKey = (key: string) => `${options.keyPrefix}${key}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(keys) {
      // One DeleteObject per file (a dozen per image); S3 answers 204 for a key that is already gone.
      for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}
