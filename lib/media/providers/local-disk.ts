import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { MediaStorage } from './storage';

/**
 * Files under a folder (MEDIA_DIR, `.data/media` by default), one per key. A write goes to a
 * temporary name and is renamed into place, so a reader never sees half a file.
 */
export function localDiskStorage(root: string): MediaStorage {
  const file = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are checked names (isMediaKey); this keeps any key inside the folder all the same.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`media key outside the media folder: ${key}`);
    return full;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(file(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(keys) {
      const folders = new Set<string>();
      for (const key of keys) {
        await rm(file(key), { force: true });
        folders.add(path.dirname(file(key)));
      }
      // An image's folder holds its files only: once they are gone, so is the folder.
      for (const folder of folders) await rm(folder, { recursive: false, force: true }).catch(() => undefined);
    },
  };
}
