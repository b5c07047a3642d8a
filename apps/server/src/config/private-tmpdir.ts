// The server's temporary files (S3 upload parts staged by tus, videos handed to ffmpeg, files fetched
// from S3 for a job) go to os.tmpdir(), with the libraries' default modes: world-readable under the usual
// umask. The process gets its own 0700 folder there instead, removed when it exits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function usePrivateTmpdir(): string {
  // mkdtemp makes the folder 0700.
  const folder = mkdtempSync(join(tmpdir(), 'shark-'));
  // os.tmpdir() reads TMPDIR at each call, so every library asks for this folder from now on.
  process.env.TMPDIR = folder;
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  return folder;
}
