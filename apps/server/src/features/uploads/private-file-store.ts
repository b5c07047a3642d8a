// tus's FileStore with owner-only files: the library would create an upload's directories, its file and
// its .json state with the default modes (world-readable under the usual umask). They are made first,
// 0700 and 0600, and the library then writes into them, so no one but the server's user ever reads them.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;

export class PrivateFileStore extends FileStore {
  override async create(file: Upload): Promise<Upload> {
    const path = join(this.directory, file.id);
    const inside = relative(this.directory, path);
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..')
      throw new Error(`upload id "${file.id}" is outside the upload directory`);
    await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    for (const created of [path, `${path}.json`]) {
      await writeFile(created, '', { mode: PRIVATE_FILE_MODE });
      // The mode applies only when writeFile creates the file: one left behind keeps its own otherwise.
      await chmod(created, PRIVATE_FILE_MODE);
    }
    return super.create(file);
  }
}
