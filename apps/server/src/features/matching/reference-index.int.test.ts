// Reference fingerprints persist in the database, and every process's index follows additions and
// removals incrementally, including removals by cascade when an account is deleted.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { user } from '@shark/db/schema.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { createReferenceIndex } from './reference-index.ts';
import { createReferenceRepository } from './reference-repository.ts';
import { PDQ_IMAGES_DIR } from '@shark/engine/testdata.ts';

const images = PDQ_IMAGES_DIR;
let server: TestServer;
let owner: string;
let other: string;

async function createUser(email: string): Promise<string> {
  const { user: created } = await server.services.auth.api.signUpEmail({
    body: { name: email, email, password: 'reference pass 1' },
  });
  return created.id;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser('owner@example.com');
  other = await createUser('other@example.com');
});
afterAll(async () => {
  await server?.close();
});

describe('reference index', () => {
  it('stores a reference once and lets a second process find it after sync', async () => {
    const repo = createReferenceRepository(server.services.database.db);
    const first = createReferenceIndex(repo);
    const second = createReferenceIndex(repo);
    await first.add(owner, 'ref-bridge', join(images, 'bridge-mods-aaa-orig.jpg'));
    await first.add(owner, 'ref-street', join(images, 'labelme-subset-q0746.jpg'));

    const copy = join(images, 'bridge-mods-shrink-a-lot.jpg');
    expect(await second.match(copy)).toMatchObject({ referenceId: null });
    await second.sync();
    expect(second.size).toBe(2);
    expect(await second.match(copy)).toMatchObject({ referenceId: 'ref-bridge', userId: owner });

    // A fresh process builds the same index from the database alone.
    const restarted = createReferenceIndex(repo);
    await restarted.sync();
    expect(await restarted.match(copy)).toMatchObject({ referenceId: 'ref-bridge' });
  });

  it("removes a reference everywhere, and treats another user's reference as not found", async () => {
    const repo = createReferenceRepository(server.services.database.db);
    const first = createReferenceIndex(repo);
    const second = createReferenceIndex(repo);
    await first.add(owner, 'ref-removable', join(images, 'labelme-subset-q1050.jpg'));
    await second.sync();
    await expect(first.remove(other, 'ref-removable')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await first.remove(owner, 'ref-removable');
    await second.sync();
    expect(await second.match(join(images, 'labelme-subset-q1050.jpg'))).toMatchObject({
      referenceId: null,
    });
  });

  it('forgets the references of a deleted account', async () => {
    const repo = createReferenceRepository(server.services.database.db);
    const index = createReferenceIndex(repo);
    const leaving = await createUser('leaving@example.com');
    await index.add(leaving, 'ref-leaving', join(images, 'labelme-subset-q2821.jpg'));
    expect(await index.match(join(images, 'labelme-subset-q2821.jpg'))).toMatchObject({
      referenceId: 'ref-leaving',
    });
    await server.services.database.db.delete(user).where(eq(user.id, leaving));
    await index.sync();
    expect(await index.match(join(images, 'labelme-subset-q2821.jpg'))).toMatchObject({
      referenceId: null,
    });
  });

  it('refuses a file that is neither an image nor a video', async () => {
    const index = createReferenceIndex(createReferenceRepository(server.services.database.db));
    await expect(
      index.add(owner, 'ref-text', fileURLToPath(import.meta.url)),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
