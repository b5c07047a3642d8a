// FileStorage on local disk: one file per key under a root folder, written atomically (temp file, then
// rename), owner-only (files 0600, folders 0700): they are creators' reference files and their evidence.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, StoredFileNotFoundError, type FileStorage } from './file-storage.ts';

const isMissing = (error: unknown) =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

export function createLocalFileStorage(
  root: string,
): FileStorage & { pathOf(key: string): string } {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, ...key.split('/'));
  };

  async function existingPath(key: string): Promise<string> {
    const path = pathOf(key);
    try {
      if ((await stat(path)).isFile()) return path;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    throw new StoredFileNotFoundError(key);
  }

  return {
    pathOf,

    async write(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const temporary = `${path}.writing-${randomBytes(6).toString('hex')}`;
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(temporary, { flags: 'wx', mode: 0o600 }),
        );
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async read(key) {
      const path = await existingPath(key);
      return createReadStream(path);
    },

    async withLocalFile(key, fn) {
      return fn(await existingPath(key));
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
