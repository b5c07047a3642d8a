// Files under DATA_DIR are the server user's alone: a reference file uploaded through tus (while it arrives
// and once complete), tus's state beside it, what the storage driver writes (thumbnails, evidence, notice
// PDFs) and mail files are 0600, and every folder from DATA_DIR down is 0700.
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@shark/contracts/user.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TusTestClient } from '#server/testing/tus-client.ts';
import { signedInUser } from '#server/testing/users.ts';
import { createLocalFileStorage } from '#server/features/storage/local-file-storage.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every folder from `root` down to the folder of `path`, `root` included. */
function foldersDownTo(root: string, path: string): string[] {
  const folders: string[] = [];
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    folders.push(folder);
    if (folder === root || relative(root, folder).startsWith('..')) break;
  }
  return folders;
}

let server: TestServer;
let umaskBefore: number;
beforeAll(async () => {
  // The usual umask: files made with default modes would be world-readable (0644), so these tests can fail.
  umaskBefore = process.umask(0o022);
  // Workers off: the upload stays as the upload left it.
  server = await startTestServer({}, { workers: false });
});
afterAll(async () => {
  await server?.close();
  if (umaskBefore !== undefined) process.umask(umaskBefore);
});

function localStorageDirectory(): string {
  const { storage } = server.config;
  if (storage.driver !== 'local') throw new Error('this suite runs on local storage');
  return storage.directory;
}

describe('owner-only files under DATA_DIR', () => {
  it('stores an uploaded reference file 0600 in 0700 folders, while it arrives and once complete', async () => {
    const user = await signedInUser(server);
    await server.services.accounts.grant(user.email, { status: 'subscribed', plan: 'standard' });
    const tus = new TusTestClient(server.url, user.browser);
    const file = randomBytes(300_000);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(file);

    const created = await tus.create(file.length);
    expect(created.status).toBe(201);
    const fileId = created.location!.split('/').at(-1)!;
    const userId = (await user.browser.get<User>('/api/user')).body.id;
    const root = localStorageDirectory();
    const onDisk = createLocalFileStorage(root).pathOf(`reference-files/${userId}/${fileId}`);

    expect((await tus.patch(created.location!, 0, file.subarray(0, 100_000))).status).toBe(204);
    expect(modeOf(onDisk)).toBe(0o600);
    expect(modeOf(`${onDisk}.json`)).toBe(0o600);
    const folders = [...foldersDownTo(root, onDisk), server.config.dataDir];
    expect(folders).toContain(root);
    for (const folder of folders) expect([folder, modeOf(folder)]).toEqual([folder, 0o700]);

    const last = await tus.patch(created.location!, 100_000, file.subarray(100_000));
    expect(last).toMatchObject({ status: 204, offset: file.length });
    expect(statSync(onDisk).size).toBe(file.length);
    expect(modeOf(onDisk)).toBe(0o600);
  });

  it('writes what the storage driver keeps (thumbnails, evidence, notice PDFs) 0600 in 0700 folders', async () => {
    const key = `reference-thumbnails/modes-${randomBytes(4).toString('hex')}/picture.jpg`;
    await server.services.storage.write(key, Buffer.from('a thumbnail'));
    const root = localStorageDirectory();
    const onDisk = createLocalFileStorage(root).pathOf(key);
    expect(modeOf(onDisk)).toBe(0o600);
    for (const folder of foldersDownTo(root, onDisk))
      expect([folder, modeOf(folder)]).toEqual([folder, 0o700]);
  });

  it('writes mail files 0600 in a 0700 folder', async () => {
    await signedInUser(server);
    const { mailDir } = server.config;
    const mails = readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
    expect(mails.length).toBeGreaterThan(0);
    expect(modeOf(mailDir)).toBe(0o700);
    for (const name of mails) expect([name, modeOf(join(mailDir, name))]).toEqual([name, 0o600]);
  });
});
