// Likeness enrolment through the HTTP API with real face photos: consent first, faces found in an
// upload or a reference file, the one she picks enrolled, the plan gate, other accounts, and deletion.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import {
  LIKENESS_CONSENT,
  MAX_ENROLLED_FACES,
  type DetectedFaces,
  type EnrolledFace,
  type LikenessEnrolment,
} from '@shark/contracts/likeness.ts';
import { enrolledFace, faceEnrolment, referenceFile, user } from '@shark/db/schema.ts';
import { FACE_MODEL } from '@shark/engine/likeness/likeness.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { createFaceCandidateTokens } from './face-candidate-token.ts';

const demoDir = join(
  dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);
const JOHN = '/usr/share/doc/libdlib19.1/examples/johns/John_Salley/000179_02159509.jpg';

let server: TestServer;
let onePerson: Buffer;
let family: Buffer;

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  // The right-hand third of face-api's second sample photo: one woman, facing the camera.
  const two = sharp(join(demoDir, 'sample2.jpg'));
  const { width = 0, height = 0 } = await two.metadata();
  const left = Math.round(width * 0.62);
  onePerson = await two
    .extract({ left, top: 0, width: width - left, height })
    .jpeg()
    .toBuffer();
  family = await readFile(join(demoDir, 'sample1.jpg'));
});

afterAll(async () => {
  await server?.close();
});

const db = () => server.services.database.db;

/** A signed-in creator on the given plan. */
async function creator(plan: 'premium' | 'plus' = 'premium') {
  const email = `likeness-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'likeness password 1';
  const { user: created } = await server.services.auth.api.signUpEmail({
    body: { name: 'Nova Reyes', email, password },
  });
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
  await server.services.accounts.grant(email, { status: 'subscribed', plan });
  const browser = new TestClient(server.url);
  const signedIn = await browser.post('/api/auth/sign-in/email', { email, password });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return { userId: created.id, browser };
}

async function consented(plan: 'premium' | 'plus' = 'premium') {
  const c = await creator(plan);
  const res = await c.browser.post('/api/likeness/consent', { version: LIKENESS_CONSENT.version });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c;
}

/** POST /api/likeness/faces/detect with a photo, as the page's form sends it. */
async function detectUpload(browser: TestClient, photo: Buffer, name = 'me.jpg') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
  const response = await fetch(new URL('/api/likeness/faces/detect', server.url), {
    method: 'POST',
    body: form,
    headers: {
      [PROVIDER_HEADER]: 'shark',
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  return {
    status: response.status,
    body: (await response.json()) as DetectedFaces & { message?: string },
  };
}

async function facesOf(userId: string) {
  return db().select().from(enrolledFace).where(eq(enrolledFace.userId, userId));
}

describe('consent', () => {
  it('shows the consent text and no enrolment before she agrees', async () => {
    const { browser } = await creator();
    const res = await browser.get<LikenessEnrolment>('/api/likeness');
    expect(res.status).toBe(200);
    expect(res.body.consent).toBeNull();
    expect(res.body.faces).toEqual([]);
    expect(res.body.maxFaces).toBe(MAX_ENROLLED_FACES);
    expect(res.body.consentText.version).toBe(LIKENESS_CONSENT.version);
    expect(res.body.consentText.paragraphs.join(' ')).toMatch(/embedding/);
  });

  it('needs consent before a face is found', async () => {
    const { browser } = await creator();
    const res = await detectUpload(browser, onePerson);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Agree to the consent/);
  });

  it('refuses a stale consent version and records the current one', async () => {
    const { browser, userId } = await creator();
    const stale = await browser.post('/api/likeness/consent', { version: '2020-1' });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/consent text has changed/);
    const ok = await browser.post<LikenessEnrolment>('/api/likeness/consent', {
      version: LIKENESS_CONSENT.version,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.consent?.version).toBe(LIKENESS_CONSENT.version);
    const [row] = await db().select().from(faceEnrolment).where(eq(faceEnrolment.userId, userId));
    expect(row?.consentVersion).toBe(LIKENESS_CONSENT.version);
  });
});

describe('enrolment', () => {
  it('enrols her face from an uploaded photo; the photo is not kept', async () => {
    const { browser, userId } = await consented();
    const detected = await detectUpload(browser, onePerson);
    expect(detected.status, JSON.stringify(detected.body)).toBe(200);
    expect(detected.body.faces).toHaveLength(1);
    const [face] = detected.body.faces;
    expect(face!.cropDataUrl).toMatch(/^data:image\/jpeg;base64,/);
    expect(face!.box.width).toBeGreaterThan(0);

    const enrolled = await browser.post<EnrolledFace>('/api/likeness/faces', {
      token: face!.token,
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    expect(enrolled.body.source).toBe('upload');

    const rows = await facesOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.model).toBe(FACE_MODEL);
    const embedding = Buffer.from(rows[0]!.embedding);
    expect(embedding.byteLength).toBe(512);
    let norm = 0;
    for (let i = 0; i < 128; i++) norm += embedding.readFloatLE(i * 4) ** 2;
    expect(Math.sqrt(norm)).toBeCloseTo(1, 3);
    expect(await server.services.storage.exists(rows[0]!.cropKey)).toBe(true);

    const crop = await browser.download(enrolled.body.cropUrl);
    expect(crop.status).toBe(200);
    expect(crop.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(crop.bytes).metadata()).format).toBe('jpeg');
    // As an <img> asks for it: the session cookie, no brand header.
    const asImage = new TestClient(server.url, null);
    for (const [name, value] of browser.cookies) asImage.cookies.set(name, value);
    expect((await asImage.download(enrolled.body.cropUrl)).status).toBe(200);

    const view = await browser.get<LikenessEnrolment>('/api/likeness');
    expect(view.body.faces.map((f) => f.id)).toEqual([enrolled.body.id]);

    // The same face twice is refused.
    const again = await browser.post('/api/likeness/faces', { token: face!.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already enrolled/);
  });

  it('finds several faces in a family photo and enrols only the one she picks', async () => {
    const { browser, userId } = await consented();
    const detected = await detectUpload(browser, family);
    expect(detected.status).toBe(200);
    expect(detected.body.faces.length).toBeGreaterThanOrEqual(3);
    const picked = detected.body.faces[1]!;
    const enrolled = await browser.post<EnrolledFace>('/api/likeness/faces', {
      token: picked.token,
    });
    expect(enrolled.status).toBe(201);
    const rows = await facesOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.box).toEqual(picked.box);
  });

  it('enrols her face from one of her picture reference files', async () => {
    const { browser, userId } = await consented();
    const photo = await readFile(JOHN);
    const fileId = randomUUID();
    const storageKey = `reference-files/${userId}/${fileId}`;
    await server.services.storage.write(storageKey, photo);
    await db().insert(referenceFile).values({
      id: fileId,
      userId,
      originalName: 'portrait.jpg',
      sizeBytes: photo.byteLength,
      receivedBytes: photo.byteLength,
      mediaType: 'image',
      mimeType: 'image/jpeg',
      status: 'ready',
      storageKey,
    });
    const detected = await browser.post<DetectedFaces>('/api/likeness/faces/detect', {
      referenceFileId: fileId,
    });
    expect(detected.status, JSON.stringify(detected.body)).toBe(200);
    expect(detected.body.faces).toHaveLength(1);
    const enrolled = await browser.post<EnrolledFace>('/api/likeness/faces', {
      token: detected.body.faces[0]!.token,
    });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body).toMatchObject({ source: 'reference_file', referenceFileId: fileId });

    // Another account's file is not hers to use.
    const other = await consented();
    const refused = await other.browser.post('/api/likeness/faces/detect', {
      referenceFileId: fileId,
    });
    expect(refused.status).toBe(404);
  });

  it('answers 400 for a photo without a face, or not a picture at all', async () => {
    const { browser } = await consented();
    const blank = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 120, g: 160, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const none = await detectUpload(browser, blank);
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^No face found in this photo/);
    const garbage = await detectUpload(browser, Buffer.from('not a picture at all'));
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toMatch(/not a picture/);
  });

  it('refuses a made-up, another account’s or an expired candidate', async () => {
    const { browser, userId } = await consented();
    const forged = await browser.post('/api/likeness/faces', { token: 'abc.def' });
    expect(forged.status).toBe(400);

    const tokens = createFaceCandidateTokens(server.config.authSecret);
    const candidate = {
      userId,
      expiresAt: new Date(Date.now() - 1000),
      source: 'upload' as const,
      referenceFileId: null,
      box: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 },
      score: 0.9,
      model: FACE_MODEL,
      embedding: Buffer.alloc(512),
      crop: await sharp({
        create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } },
      })
        .jpeg()
        .toBuffer(),
    };
    const expired = await browser.post('/api/likeness/faces', { token: tokens.sign(candidate) });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/minutes ago/);

    const other = await consented();
    const stolen = await other.browser.post('/api/likeness/faces', {
      token: tokens.sign({ ...candidate, expiresAt: new Date(Date.now() + 60_000) }),
    });
    expect(stolen.status).toBe(400);
    expect(await facesOf(other.userId)).toHaveLength(0);
  });

  it('stops at the most faces', async () => {
    const { browser, userId } = await consented();
    const tokens = createFaceCandidateTokens(server.config.authSecret);
    const crop = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .jpeg()
      .toBuffer();
    for (let i = 0; i <= MAX_ENROLLED_FACES; i++) {
      const embedding = Buffer.alloc(512);
      embedding.writeFloatLE(1, i * 4);
      const res = await browser.post('/api/likeness/faces', {
        token: tokens.sign({
          userId,
          expiresAt: new Date(Date.now() + 60_000),
          source: 'upload',
          referenceFileId: null,
          box: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 },
          score: 0.9,
          model: FACE_MODEL,
          embedding,
          crop,
        }),
      });
      if (i < MAX_ENROLLED_FACES) expect(res.status).toBe(201);
      else {
        expect(res.status).toBe(409);
        expect(res.body.message).toMatch(/Remove one to add another/);
      }
    }
    expect(await facesOf(userId)).toHaveLength(MAX_ENROLLED_FACES);
  });
});

describe('access', () => {
  it('needs sign-in', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/likeness')).status).toBe(401);
    expect((await anonymous.post('/api/likeness/consent', { version: 'x' })).status).toBe(401);
    expect((await anonymous.request('DELETE', '/api/likeness')).status).toBe(401);
    expect((await anonymous.download(`/api/likeness/faces/${randomUUID()}/crop`)).status).toBe(401);
  });

  it('needs the deep fake protection perk (Premium), yet lets her delete what she enrolled', async () => {
    const { browser } = await creator('plus');
    const view = await browser.get('/api/likeness');
    expect(view.status).toBe(403);
    expect(view.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(view.body.message).toMatch(/Premium/);
    const consent = await browser.post('/api/likeness/consent', {
      version: LIKENESS_CONSENT.version,
    });
    expect(consent.status).toBe(403);
    expect((await detectUpload(browser, onePerson)).status).toBe(403);
    expect((await browser.request('DELETE', '/api/likeness')).status).toBe(204);
  });

  it('answers 404 to another account for her faces', async () => {
    const her = await consented();
    const detected = await detectUpload(her.browser, onePerson);
    const enrolled = await her.browser.post<EnrolledFace>('/api/likeness/faces', {
      token: detected.body.faces[0]!.token,
    });
    const other = await consented();
    expect((await other.browser.download(enrolled.body.cropUrl)).status).toBe(404);
    const removed = await other.browser.request(
      'DELETE',
      `/api/likeness/faces/${enrolled.body.id}`,
    );
    expect(removed.status).toBe(404);
    expect(await facesOf(her.userId)).toHaveLength(1);
    // Another account's whole-enrolment deletion touches only its own.
    expect((await other.browser.request('DELETE', '/api/likeness')).status).toBe(204);
    expect(await facesOf(her.userId)).toHaveLength(1);
  });
});

describe('deletion', () => {
  it('removes one face with its crop, then the whole enrolment with every crop', async () => {
    const { browser, userId } = await consented();
    const detected = await detectUpload(browser, family);
    const ids: string[] = [];
    for (const face of detected.body.faces.slice(0, 3)) {
      const res = await browser.post<EnrolledFace>('/api/likeness/faces', { token: face.token });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const rows = await facesOf(userId);
    expect(rows).toHaveLength(3);
    const firstKey = rows.find((r) => r.id === ids[0])!.cropKey;

    expect((await browser.request('DELETE', `/api/likeness/faces/${ids[0]}`)).status).toBe(204);
    expect(await server.services.storage.exists(firstKey)).toBe(false);
    expect(await facesOf(userId)).toHaveLength(2);

    expect((await browser.request('DELETE', '/api/likeness')).status).toBe(204);
    expect(await facesOf(userId)).toHaveLength(0);
    expect(
      await db().select().from(faceEnrolment).where(eq(faceEnrolment.userId, userId)),
    ).toHaveLength(0);
    for (const row of rows) expect(await server.services.storage.exists(row.cropKey)).toBe(false);
    const view = await browser.get<LikenessEnrolment>('/api/likeness');
    expect(view.body.consent).toBeNull();
    expect(view.body.faces).toEqual([]);
  });
});
