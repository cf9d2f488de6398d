import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * A file part of a multipart/form-data body, as the pipeline hands it to an operation: its bytes
 * and the name the client gave it. The name and the part's declared type are the client's word
 * only; what a file is, is judged by its bytes (lib/media/sniff-image.ts).
 */
export class UploadedFile {
  readonly filename: string;
  // Private, so that walking the object's fields (the shared string rule) never visits the bytes.
  readonly #bytes: Uint8Array;
  #sha256: string | undefined;

  constructor(filename: string, bytes: Uint8Array) {
    this.filename = filename;
    this.#bytes = bytes;
  }

  get bytes(): Uint8Array {
    return this.#bytes;
  }

  get size(): number {
    return this.#bytes.byteLength;
  }

  /** Hex SHA-256 of the bytes. */
  get sha256(): string {
    return (this.#sha256 ??= createHash('sha256').update(this.#bytes).digest('hex'));
  }

  /** What an idempotency fingerprint sees: the content's digest, not a megabyte of numbers. */
  toJSON(): { filename: string; size: number; sha256: string } {
    return { filename: this.filename, size: this.size, sha256: this.sha256 };
  }
}

/** A required file field of a multipart body; in the OpenAPI document a binary string. */
export const UploadedFileField = z
  .custom<UploadedFile>((v) => v instanceof UploadedFile, { error: 'expected a file part' })
  .meta({ override: { type: 'string', format: 'binary' }, description: 'The file, as a part of the multipart/form-data body.' });
