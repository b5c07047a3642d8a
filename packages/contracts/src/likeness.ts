// Likeness protection (Premium's deep fake protection): her consent, and the faces she enrols so that
// scans can look for pictures of her face.
import { z } from 'zod';

/**
 * The consent she gives before any face is enrolled. A new wording gets a new version: a request that
 * names an older version is refused, so she always agrees to the words she was shown.
 */
export const LIKENESS_CONSENT = {
  version: '2026-11-1',
  text: [
    'To look for pictures of your face, Shark keeps, for each face you enrol, a face embedding: 128 numbers computed from your face, from which your photo cannot be rebuilt. It also keeps a small crop of each enrolled face so that you can see what is enrolled. Your photos themselves are not kept.',
    'Shark compares the faces found on the pages it scans for you with your enrolled faces, to find pictures of you and forgeries of your face (deep fakes). Every picture found this way is reviewed before any notice is sent.',
    'You can remove a face at any time. Deleting your enrolment removes your consent, every embedding and every crop at once.',
  ],
} as const;

/** How many faces she may enrol. */
export const MAX_ENROLLED_FACES = 10;

/** The largest photo accepted by POST /api/likeness/faces/detect. */
export const LIKENESS_PHOTO_MAX_BYTES = 15 * 1024 * 1024;

/** How long a detected face may be picked for enrolment. */
export const FACE_CANDIDATE_MINUTES = 15;

export const ENROLLED_FACE_SOURCES = ['reference_file', 'upload'] as const;
export const enrolledFaceSourceSchema = z.enum(ENROLLED_FACE_SOURCES);

/** A face's place in its picture, as fractions of the picture's width and height. */
export const faceBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const enrolledFaceSchema = z.object({
  id: z.string(),
  source: enrolledFaceSourceSchema,
  /** The reference file it was taken from (source reference_file), while that file exists. */
  referenceFileId: z.string().nullable(),
  position: z.number().int(),
  createdAt: z.string(),
  /** Same-origin URL of the face's crop (a small JPEG). */
  cropUrl: z.string(),
});
export type EnrolledFace = z.infer<typeof enrolledFaceSchema>;

/** GET /api/likeness */
export const likenessEnrolmentSchema = z.object({
  /** Her consent, or null before she has given it. */
  consent: z.object({ version: z.string(), consentedAt: z.string() }).nullable(),
  faces: z.array(enrolledFaceSchema),
  /** The consent text in force: she agrees to this version. */
  consentText: z.object({ version: z.string(), paragraphs: z.array(z.string()) }),
  maxFaces: z.number().int().positive(),
});
export type LikenessEnrolment = z.infer<typeof likenessEnrolmentSchema>;

/** POST /api/likeness/consent */
export const giveLikenessConsentSchema = z.object({
  version: z.string().min(1, 'Say which version of the consent you agree to.').max(100),
});
export type GiveLikenessConsent = z.infer<typeof giveLikenessConsentSchema>;

/** POST /api/likeness/faces/detect with a JSON body: one of her picture reference files. */
export const detectFacesInReferenceSchema = z.object({
  referenceFileId: z.uuid({ message: 'This file does not exist.' }),
});

/** A face found in her photo, which she may pick for enrolment until `expiresAt`. */
export const faceCandidateSchema = z.object({
  /** Sent back to POST /api/likeness/faces to enrol this face. */
  token: z.string(),
  box: faceBoxSchema,
  /** The detector's score, 0 to 1. */
  score: z.number(),
  /** A small JPEG of the face, as a data: URL. */
  cropDataUrl: z.string(),
});
export type FaceCandidate = z.infer<typeof faceCandidateSchema>;

export const detectedFacesSchema = z.object({
  /** Largest first. */
  faces: z.array(faceCandidateSchema),
  expiresAt: z.string(),
});
export type DetectedFaces = z.infer<typeof detectedFacesSchema>;

/** POST /api/likeness/faces */
export const enrolFaceSchema = z.object({
  token: z
    .string()
    .min(1, 'Pick a face to enrol.')
    .max(64 * 1024, 'This face is not one Shark found for you. Add the photo again.'),
});
export type EnrolFace = z.infer<typeof enrolFaceSchema>;
