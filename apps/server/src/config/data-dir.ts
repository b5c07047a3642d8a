// DATA_DIR holds the embedded database, reference files, evidence, notices and mail files: only the
// server's user may enter it. Folders made below it are 0700 and files 0600 as well; this narrows a
// DATA_DIR made wider earlier (by hand, or by an older version).
import { chmod, stat } from 'node:fs/promises';
import type { Logger } from '#server/http/logger.ts';

export const DATA_DIR_MODE = 0o700;

export async function keepDataDirPrivate(dataDir: string, logger: Logger): Promise<void> {
  try {
    if (((await stat(dataDir)).mode & 0o777) === DATA_DIR_MODE) return;
    await chmod(dataDir, DATA_DIR_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Not made yet: whatever needs it makes it 0700.
    if (code === 'ENOENT') return;
    // Another user's folder (a mounted volume): the files in it are owner-only still.
    logger.warn('DATA_DIR could not be made owner-only', { dataDir, err: code ?? String(error) });
  }
}
