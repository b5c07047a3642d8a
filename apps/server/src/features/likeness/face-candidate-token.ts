// The token of a face found in her photo, which she may pick for enrolment for a while
// (FACE_CANDIDATE_MINUTES). It carries everything enrolment needs — the embedding, the box, the
// detector's score, the small crop — signed (HMAC-SHA256, a key derived from AUTH_SECRET) and bound to
// her: nothing is kept between finding the faces and enrolling one, so the photo is never stored, any
// API process can enrol a face another found, and the faces she does not pick leave nothing behind.
// The signature keeps an embedding from being made up by the client.
import { z } from 'zod';
import { ENROLLED_FACE_SOURCES } from '@shark/contracts/likeness.ts';
import { createSignedClaims } from '#server/http/signed-claims.ts';

/** Keeps these signatures apart from anything else signed with the same secret. */
const PURPOSE = 'shark:face-candidate:v1';

const claimsSchema = z.object({
  /** The user. */
  u: z.string().min(1).max(200),
  /** Expiry, in milliseconds since the epoch. */
  e: z.number().int().positive(),
  s: z.enum(ENROLLED_FACE_SOURCES),
  /** The reference file (source reference_file). */
  r: z.string().nullable(),
  b: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  /** The detector's score. */
  d: z.number(),
  /** The embedding's model. */
  m: z.string(),
  /** The embedding: 128 little-endian float32, base64. */
  v: z.string(),
  /** The crop, a JPEG, base64. */
  c: z.string(),
});

export interface FaceCandidate {
  userId: string;
  expiresAt: Date;
  source: (typeof ENROLLED_FACE_SOURCES)[number];
  referenceFileId: string | null;
  box: { x: number; y: number; width: number; height: number };
  score: number;
  model: string;
  /** 512 bytes: 128 little-endian float32. */
  embedding: Buffer;
  crop: Buffer;
}

export type CandidateCheck =
  { ok: true; candidate: FaceCandidate } | { ok: false; reason: 'invalid' | 'expired' };

export interface FaceCandidateTokens {
  sign(candidate: FaceCandidate): string;
  verify(token: string, now?: Date): CandidateCheck;
}

export function createFaceCandidateTokens(secret: string): FaceCandidateTokens {
  const tokens = createSignedClaims(secret, PURPOSE, claimsSchema);
  return {
    sign(candidate) {
      return tokens.sign({
        u: candidate.userId,
        e: candidate.expiresAt.getTime(),
        s: candidate.source,
        r: candidate.referenceFileId,
        b: candidate.box,
        d: candidate.score,
        m: candidate.model,
        v: candidate.embedding.toString('base64'),
        c: candidate.crop.toString('base64'),
      });
    },
    verify(token, now = new Date()) {
      const claims = tokens.read(token);
      if (!claims) return { ok: false, reason: 'invalid' };
      if (claims.e <= now.getTime()) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        candidate: {
          userId: claims.u,
          expiresAt: new Date(claims.e),
          source: claims.s,
          referenceFileId: claims.r,
          box: claims.b,
          score: claims.d,
          model: claims.m,
          embedding: Buffer.from(claims.v, 'base64'),
          crop: Buffer.from(claims.c, 'base64'),
        },
      };
    },
  };
}
