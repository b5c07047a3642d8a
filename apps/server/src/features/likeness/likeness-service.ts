// The rules of likeness protection: consent first, faces found in a photo she sends (or one of her
// picture reference files), the one she picks enrolled (its embedding and a small crop; never the
// photo), at most MAX_ENROLLED_FACES, and her enrolment deleted whole when she withdraws.
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  FACE_CANDIDATE_MINUTES,
  LIKENESS_CONSENT,
  LIKENESS_PHOTO_MAX_BYTES,
  MAX_ENROLLED_FACES,
  type DetectedFaces,
  type EnrolledFace,
  type LikenessEnrolment,
} from '@shark/contracts/likeness.ts';
import type { FoundFace } from '@shark/engine/likeness/face-search.ts';
import { UnreadablePictureError } from '@shark/engine/likeness/face-search.ts';
import { FACE_MODEL } from '@shark/engine/likeness/likeness.ts';
import sharp from '@shark/engine/media/sharp.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import {
  StoredFileNotFoundError,
  type FileStorage,
} from '#server/features/storage/file-storage.ts';
import type { FaceCandidateTokens } from './face-candidate-token.ts';
import type { EnrolledFaceRow, LikenessRepository } from './likeness-repository.ts';

/** The side of a face crop, in pixels. */
const CROP_SIDE = 160;
/** Room around the detector's box in a crop, as a share of the box's size on each side. */
const CROP_MARGIN = 0.25;

export const cropUrlOf = (faceId: string) => `/api/likeness/faces/${faceId}/crop`;

/** Where a face's crop is stored. */
const cropKeyOf = (userId: string, faceId: string) => `likeness/${userId}/${faceId}.jpg`;

export const NO_FACE_MESSAGE =
  'No face found in this photo. Choose a photo where your face is clearly visible, well lit and facing the camera.';

export type PhotoSource = { kind: 'upload'; bytes: Buffer } | { kind: 'reference'; id: string };

export interface LikenessServiceDeps {
  repo: LikenessRepository;
  storage: FileStorage;
  logger: Logger;
  tokens: FaceCandidateTokens;
  /** Every face in a picture, largest first (engine/likeness/face-search.ts). */
  findFaces: (bytes: Buffer) => Promise<FoundFace[]>;
  now?: () => Date;
}

export function createLikenessService(deps: LikenessServiceDeps) {
  const { repo, storage, tokens } = deps;
  const now = deps.now ?? (() => new Date());

  function present(row: EnrolledFaceRow): EnrolledFace {
    return {
      id: row.id,
      source: row.source,
      referenceFileId: row.referenceFileId,
      position: row.position,
      createdAt: row.createdAt.toISOString(),
      cropUrl: cropUrlOf(row.id),
    };
  }

  async function requireConsent(userId: string): Promise<void> {
    const enrolment = await repo.findEnrolment(userId);
    if (!enrolment || enrolment.consentVersion !== LIKENESS_CONSENT.version) {
      throw new AppError(
        'CONFLICT',
        enrolment
          ? 'The consent text has changed since you agreed to it. Read it and agree again before adding a face.'
          : 'Agree to the consent for likeness protection before adding a face.',
      );
    }
  }

  async function photoBytes(userId: string, source: PhotoSource): Promise<Buffer> {
    if (source.kind === 'upload') return source.bytes;
    const file = await repo.findReferenceFile(userId, source.id);
    if (!file) throw new AppError('NOT_FOUND', 'This file does not exist.');
    if (file.mediaType !== 'image') {
      throw new AppError(
        'BAD_REQUEST',
        'Pick a picture: faces are enrolled from photos, not videos.',
      );
    }
    if (file.status === 'uploading' || file.receivedBytes < file.sizeBytes) {
      throw new AppError('BAD_REQUEST', 'This picture has not finished uploading yet.');
    }
    if (file.sizeBytes > LIKENESS_PHOTO_MAX_BYTES) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `This picture is too large to look for faces in: at most ${LIKENESS_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
      );
    }
    try {
      return await buffer(await storage.read(file.storageKey));
    } catch (error) {
      if (error instanceof StoredFileNotFoundError)
        throw new AppError('NOT_FOUND', 'This file does not exist.');
      throw error;
    }
  }

  /** A small square JPEG around the face, the picture turned upright as the detector saw it. */
  async function cropOf(bytes: Buffer, box: FoundFace['box']): Promise<Buffer> {
    const upright = await sharp(bytes, { failOn: 'error', limitInputPixels: 268_402_689 })
      .rotate()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    const side = Math.max(box.width * width, box.height * height) * (1 + 2 * CROP_MARGIN);
    const centreX = (box.x + box.width / 2) * width;
    const centreY = (box.y + box.height / 2) * height;
    const left = Math.max(0, Math.round(centreX - side / 2));
    const top = Math.max(0, Math.round(centreY - side / 2));
    const region = {
      left,
      top,
      width: Math.max(1, Math.min(width - left, Math.round(side))),
      height: Math.max(1, Math.min(height - top, Math.round(side))),
    };
    return sharp(upright.data)
      .extract(region)
      .resize(CROP_SIDE, CROP_SIDE, { fit: 'cover' })
      .jpeg({ quality: 82 })
      .toBuffer();
  }

  return {
    async view(userId: string): Promise<LikenessEnrolment> {
      const [enrolment, faces] = await Promise.all([
        repo.findEnrolment(userId),
        repo.listFaces(userId),
      ]);
      return {
        consent: enrolment
          ? {
              version: enrolment.consentVersion,
              consentedAt: enrolment.consentedAt.toISOString(),
            }
          : null,
        faces: faces.map(present),
        consentText: {
          version: LIKENESS_CONSENT.version,
          paragraphs: [...LIKENESS_CONSENT.text],
        },
        maxFaces: MAX_ENROLLED_FACES,
      };
    },

    async consent(userId: string, version: string): Promise<LikenessEnrolment> {
      if (version !== LIKENESS_CONSENT.version) {
        throw new AppError(
          'BAD_REQUEST',
          'The consent text has changed since this page was opened. Reload the page, read it and agree again.',
        );
      }
      await repo.saveConsent(userId, version, now());
      return this.view(userId);
    },

    /** The faces in her photo, each as a candidate she may pick; the photo is not kept. */
    async detect(userId: string, source: PhotoSource): Promise<DetectedFaces> {
      await requireConsent(userId);
      const bytes = await photoBytes(userId, source);
      let found: FoundFace[];
      try {
        found = await deps.findFaces(bytes);
      } catch (error) {
        if (error instanceof UnreadablePictureError) {
          throw new AppError(
            'BAD_REQUEST',
            'This file is not a picture Shark can read. Choose a JPEG, PNG or WebP photo.',
          );
        }
        throw error;
      }
      if (found.length === 0) throw new AppError('BAD_REQUEST', NO_FACE_MESSAGE);
      const expiresAt = new Date(now().getTime() + FACE_CANDIDATE_MINUTES * 60_000);
      const faces = [];
      for (const face of found) {
        const crop = await cropOf(bytes, face.box);
        const token = tokens.sign({
          userId,
          expiresAt,
          source: source.kind === 'upload' ? 'upload' : 'reference_file',
          referenceFileId: source.kind === 'reference' ? source.id : null,
          box: face.box,
          score: face.score,
          model: FACE_MODEL,
          embedding: littleEndian(face.embedding),
          crop,
        });
        faces.push({
          token,
          box: face.box,
          score: face.score,
          cropDataUrl: `data:image/jpeg;base64,${crop.toString('base64')}`,
        });
      }
      return { faces, expiresAt: expiresAt.toISOString() };
    },

    /** Enrols the one face she picked: its embedding and crop. */
    async enrol(userId: string, token: string): Promise<EnrolledFace> {
      const checked = tokens.verify(token, now());
      if (!checked.ok || checked.candidate.userId !== userId) {
        throw new AppError(
          'BAD_REQUEST',
          checked.ok || checked.reason === 'invalid'
            ? 'This face is not one Shark found in your photo. Add the photo again.'
            : `This face was found more than ${FACE_CANDIDATE_MINUTES} minutes ago. Add the photo again and pick your face.`,
          { fields: { token: 'Add the photo again.' } },
        );
      }
      const { candidate } = checked;
      await requireConsent(userId);
      // The reference file may have been deleted since its faces were found.
      const referenceFileId =
        candidate.referenceFileId &&
        (await repo.findReferenceFile(userId, candidate.referenceFileId))
          ? candidate.referenceFileId
          : null;
      const id = randomUUID();
      const cropKey = cropKeyOf(userId, id);
      await storage.write(cropKey, candidate.crop);
      try {
        const row = await repo.insertFaceWithin(
          {
            id,
            userId,
            source: candidate.source,
            referenceFileId,
            embedding: candidate.embedding,
            model: candidate.model,
            box: candidate.box,
            detectorScore: candidate.score,
            cropKey,
          },
          (enrolled, hasSame) => {
            if (hasSame) throw new AppError('CONFLICT', 'This face is already enrolled.');
            if (enrolled >= MAX_ENROLLED_FACES) {
              throw new AppError(
                'CONFLICT',
                `You have enrolled ${MAX_ENROLLED_FACES} faces, the most there can be. Remove one to add another.`,
              );
            }
          },
        );
        return present(row);
      } catch (error) {
        await storage.delete(cropKey);
        throw error;
      }
    },

    async removeFace(userId: string, id: string): Promise<void> {
      const cropKey = await repo.deleteFace(userId, id);
      if (cropKey === null) throw new AppError('NOT_FOUND', 'No such enrolled face.');
      await storage.delete(cropKey);
    },

    /** Withdraws her consent: the consent row, every face and every crop go at once. */
    async removeAll(userId: string): Promise<void> {
      const { cropKeys } = await repo.deleteEnrolment(userId);
      await Promise.all(cropKeys.map((key) => storage.delete(key)));
      deps.logger.info('likeness: enrolment deleted', { userId, faces: cropKeys.length });
    },

    async crop(userId: string, id: string): Promise<Buffer> {
      const face = await repo.findFace(userId, id);
      if (!face) throw new AppError('NOT_FOUND', 'No such enrolled face.');
      try {
        return await buffer(await storage.read(face.cropKey));
      } catch (error) {
        if (error instanceof StoredFileNotFoundError)
          throw new AppError('NOT_FOUND', 'This face’s crop is not kept any more.');
        throw error;
      }
    },
  };
}

/** The embedding's bytes as stored: little-endian float32 whatever the machine's byte order. */
function littleEndian(floats: Float32Array): Buffer {
  const out = Buffer.alloc(floats.length * 4);
  floats.forEach((value, i) => out.writeFloatLE(value, i * 4));
  return out;
}

export type LikenessService = ReturnType<typeof createLikenessService>;
