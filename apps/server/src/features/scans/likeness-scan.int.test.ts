// Likeness search in a scan of the simulated web: forum threads naming the creator carry (a) photos of
// her she never uploaded, (b) forgeries of her face on another person's photo, made here, and (c)
// photos of other people (the forgeries' own targets among them). A Premium creator with her face
// enrolled gets (a) and (b) as likeness findings waiting for her review, none for (c); a creator whose
// plan has no deep fake protection is never searched for faces.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scan } from '@shark/contracts/scans.ts';
import { enrolledFace, faceEnrolment, finding } from '@shark/db/schema.ts';
import { facesIn } from '@shark/engine/likeness/face-search.ts';
import { FACE_MODEL, LIKENESS_THRESHOLD } from '@shark/engine/likeness/likeness.ts';
import { makeFaceSwap } from '@shark/engine/likeness/synthetic-forgery.ts';
import type { FingerprintJobs } from '@shark/engine/matching/fingerprint-jobs.ts';
import { parseWebAddress, urlKey } from '@shark/engine/whitelist/web-address.ts';
import { startSimulatedWeb, type SimulatedWeb } from '@shark/simulated-web/index.ts';
import { createFaceIndex } from '#server/features/matching/face-index.ts';
import { createFaceIndexRepository } from '#server/features/matching/face-index-repository.ts';
import { createScanMatcher } from '#server/features/scans/scan-matcher.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';

/** Debian's libdlib19.1: eleven face photos each of five people (see eval/face-datasets.ts). */
const JOHNS = '/usr/share/doc/libdlib19.1/examples/johns';
const photosOf = (person: string) =>
  readdirSync(join(JOHNS, person))
    .sort()
    .map((file) => join(JOHNS, person, file));

/** The dataset's 150-pixel crops, enlarged as a page would show them. */
const asPosted = (bytes: Buffer | string) =>
  sharp(bytes).resize(300, 300).jpeg({ quality: 88 }).toBuffer();

const her = photosOf('John_Simm');
const enrolmentPhotos = her.slice(0, 3);
const email = 'luna.likeness@example.com';
const password = 'likeness test password 1';

let web: SimulatedWeb;
let server: TestServer;
let userId: string;

function pageKey(url: string): string {
  const parsed = parseWebAddress(url);
  if (!parsed.ok) throw new Error(`not a URL: ${url}`);
  return urlKey(parsed.value);
}

/** Her consent and one enrolled face per photo, as enrolment stores them. */
async function enrol(id: string, photos: string[]) {
  const { db } = server.services.database;
  await db
    .insert(faceEnrolment)
    .values({ userId: id, consentVersion: 'test', consentedAt: new Date() });
  for (const [position, photo] of photos.entries()) {
    const [face] = await facesIn(photo);
    if (!face) throw new Error(`no face on ${photo}`);
    const faceId = randomUUID();
    const cropKey = `likeness/${id}/${faceId}.jpg`;
    await server.services.storage.write(cropKey, readFileSync(photo));
    await db.insert(enrolledFace).values({
      id: faceId,
      userId: id,
      source: 'upload',
      embedding: new Uint8Array(face.embedding.buffer.slice(0)),
      model: FACE_MODEL,
      box: face.box,
      detectorScore: face.score,
      cropKey,
      position,
    });
  }
}

beforeAll(async () => {
  const salley = photosOf('John_Salley');
  const forgeries = await Promise.all([
    makeFaceSwap(her[8]!, await asPosted(salley[0]!)),
    makeFaceSwap(her[9]!, await asPosted(photosOf('John_Shimkus')[0]!)),
  ]);
  web = await startSimulatedWeb({
    likeness: {
      herPhotos: await Promise.all([her[4]!, her[6]!].map((p) => asPosted(p))),
      forgeries,
      // The forgeries' targets as they were, and other people.
      others: await Promise.all(
        [
          salley[0]!,
          photosOf('John_Shimkus')[0]!,
          photosOf('John_Savage')[2]!,
          photosOf('John_Schneider')[5]!,
        ].map((p) => asPosted(p)),
      ),
    },
  });
  server = await startTestServer({
    ...web.env(),
    SCAN_PER_HOST_INTERVAL_MS: '0',
    SOURCE_RATE_PER_SECOND: '100',
    WORKER_CONCURRENCY: '6',
  });
  const seeded = await seedCreator(server.services, {
    email,
    password,
    name: web.creator.displayName,
    plan: 'premium',
    accounts: web.creator.accounts,
    whitelist: web.creator.whitelist,
    references: web.creator.references.map((r) => r.path),
  });
  userId = seeded.userId;
  await enrol(userId, enrolmentPhotos);
}, 300_000);

afterAll(async () => {
  await server?.close();
  await web?.close();
});

describe('likeness search in a scan', () => {
  it('finds her face on photos she never uploaded and on forgeries, and not on other people', async () => {
    const browser = new TestClient(server.url);
    expect((await browser.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const started = await browser.post<Scan>('/api/scans', {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const done = await waitFor(
      async () => {
        const current = await browser.get<Scan>(`/api/scans/${started.body.id}`);
        return (
          current.body.status !== 'queued' && current.body.status !== 'running' && current.body
        );
      },
      { what: 'the scan to finish', timeoutMs: 240_000, intervalMs: 250 },
    );
    expect(done.status).toBe('completed');

    const likeness = await server.services.database.db
      .select()
      .from(finding)
      .where(and(eq(finding.userId, userId), eq(finding.kind, 'likeness')));
    expect(likeness.map((row) => row.normalizedUrl).sort()).toEqual(
      web.expected.likeness.map(pageKey).sort(),
    );
    const others = new Set(web.expected.notLikeness.map(pageKey));
    expect(likeness.filter((row) => others.has(row.normalizedUrl))).toEqual([]);
    for (const row of likeness) {
      // Never confirmed by the machine: she (or Shark's team) says what it is.
      expect(row.status).toBe('pending_review');
      expect(row.faceSimilarity).toBeGreaterThanOrEqual(LIKENESS_THRESHOLD);
      expect(row.enrolledFaceId).not.toBeNull();
      expect(row.faceCropKey).not.toBeNull();
      expect(row.thumbnailKey).not.toBeNull();
      const crop = Buffer.concat(
        await (await server.services.storage.read(row.faceCropKey!)).toArray(),
      );
      expect((await sharp(crop).metadata()).format).toBe('jpeg');
    }
    // A profile whose picture shows her face (a photo she never uploaded) under a variant of her
    // username is an impersonation for that reason, left for her to confirm.
    const faceImpersonators = web.expected.impersonators.filter((p) =>
      p.reasons.includes('uses-face'),
    );
    expect(faceImpersonators).toHaveLength(1);
    const impersonations = await server.services.database.db
      .select()
      .from(finding)
      .where(and(eq(finding.userId, userId), eq(finding.kind, 'impersonation')));
    const byFace = impersonations.find(
      (row) => row.normalizedUrl === pageKey(faceImpersonators[0]!.profileUrl),
    );
    expect(byFace, 'the profile showing her face').toBeDefined();
    expect(byFace!.reasons).toEqual(['uses-face', 'username-variant']);
    expect(byFace!.status).toBe('pending_review');
    // The scan's leaks are still leaks: no planted copy became a likeness finding.
    const leaks = await server.services.database.db
      .select({ id: finding.id })
      .from(finding)
      .where(and(eq(finding.userId, userId), eq(finding.kind, 'leak')));
    expect(leaks.length).toBeGreaterThan(0);
  }, 300_000);

  it('does not look for faces for a creator whose plan has no deep fake protection', async () => {
    const plus = await seedCreator(server.services, {
      email: 'plus.likeness@example.com',
      password,
      name: 'Plus Creator',
      plan: 'plus',
      accounts: [],
      whitelist: [],
      references: [],
    });
    await enrol(plus.userId, enrolmentPhotos.slice(0, 1));
    const db = server.services.database.db;
    let faceJobs = 0;
    const counting = {
      pictureFaces: () => {
        faceJobs++;
        return Promise.resolve([]);
      },
      videoFaces: () => {
        faceJobs++;
        return Promise.resolve([]);
      },
    } as unknown as FingerprintJobs;
    const matcher = createScanMatcher({
      index: { sync: () => Promise.resolve() } as never,
      fingerprints: counting,
      faces: createFaceIndex({
        repo: createFaceIndexRepository(db),
        hasDeepfakeProtection: (id) =>
          server.services.entitlements.hasPerk(id, 'deepfakeProtection'),
      }),
    });
    const photo = await asPosted(her[4]!);
    expect(await matcher.likeness(plus.userId, photo, 'image')).toBeNull();
    expect(faceJobs).toBe(0);
    // The same matcher searches the Premium creator's pictures.
    await matcher.likeness(userId, photo, 'image');
    expect(faceJobs).toBe(1);
  });
});
