// Likeness findings for tests, recorded through the findings service as a scan records them, with the
// face evidence the scan adds (the found face's crop, its similarity, the enrolled face it resembles)
// and a small enrolled face of the creator to compare with.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from '@shark/engine/media/sharp.ts';
import type { Database } from '@shark/db/client.ts';
import { enrolledFace, faceEnrolment } from '@shark/db/schema.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import type { FindingService } from '#server/features/findings/finding-service.ts';

export interface LikenessWorld {
  database: { db: Database };
  storage: FileStorage;
  findings: Pick<FindingService, 'record'>;
}

/** A plain JPEG of one colour: tests tell the two crops apart by it. */
export function faceJpeg(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** Her consent and one enrolled face (its crop stored); the enrolled face's id. */
export async function enrolFace(world: LikenessWorld, userId: string): Promise<string> {
  const { db } = world.database;
  await db
    .insert(faceEnrolment)
    .values({ userId, consentVersion: 'test-1', consentedAt: new Date() })
    .onConflictDoNothing();
  const id = randomUUID();
  const cropKey = `faces/${userId}/${id}.jpg`;
  await world.storage.write(cropKey, await faceJpeg({ r: 0, g: 0, b: 255 }));
  await db.insert(enrolledFace).values({
    id,
    userId,
    source: 'upload',
    embedding: new Uint8Array(512),
    model: 'test-model',
    box: { x: 0.25, y: 0.2, width: 0.5, height: 0.5 },
    detectorScore: 0.99,
    cropKey,
  });
  return id;
}

/**
 * A likeness finding as a scan records it (a sure-looking face: 0.99), then its face evidence. The
 * finding's id and status as recorded.
 */
export async function recordLikeness(
  world: LikenessWorld,
  userId: string,
  pageUrl: string,
  options: { enrolledFaceId?: string | null; similarity?: number } = {},
): Promise<{ id: string; status: string }> {
  const origin = new URL(pageUrl).origin;
  const recorded = await world.findings.record({
    userId,
    scanId: null,
    kind: 'likeness',
    pageUrl,
    mediaUrl: `${origin}/img/${randomBytes(4).toString('hex')}.jpg`,
    pageTitle: 'A picture',
    source: 'test',
    site: null,
    confidence: 0.99,
    mediaSha256: randomBytes(32).toString('hex'),
    face: {
      similarity: options.similarity ?? 0.93,
      box: { x: 0.3, y: 0.1, width: 0.4, height: 0.4 },
      enrolledFaceId: options.enrolledFaceId ?? null,
      crop: await faceJpeg({ r: 255, g: 0, b: 0 }),
    },
  });
  return { id: recorded.id, status: recorded.status };
}
