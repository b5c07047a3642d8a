// The creators' enrolled faces, for the likeness search of their scans: read from the database per
// creator and kept a few seconds, so a scan's pictures do not each cost a query, and a face she adds
// or deletes counts within seconds.
import { cosine } from '@shark/engine/likeness/face-search.ts';
import type { EnrolledEmbedding, FaceIndexRepository } from './face-index-repository.ts';

export interface FaceIndex {
  /** Her enrolled faces when her plan includes deep fake protection, else none. */
  facesOf(userId: string): Promise<EnrolledEmbedding[]>;
}

export function createFaceIndex(deps: {
  repo: FaceIndexRepository;
  hasDeepfakeProtection: (userId: string) => Promise<boolean>;
  keepMs?: number;
  now?: () => number;
}): FaceIndex {
  const keepMs = deps.keepMs ?? 5_000;
  const now = deps.now ?? Date.now;
  const kept = new Map<string, { at: number; faces: Promise<EnrolledEmbedding[]> }>();
  return {
    facesOf(userId) {
      const entry = kept.get(userId);
      if (entry && now() - entry.at < keepMs) return entry.faces;
      const faces = deps
        .hasDeepfakeProtection(userId)
        .then((allowed) => (allowed ? deps.repo.enrolledFaces(userId) : []));
      faces.catch(() => kept.delete(userId));
      kept.set(userId, { at: now(), faces });
      // Scans of many creators in one process: forget the oldest.
      if (kept.size > 1000) kept.delete(kept.keys().next().value!);
      return faces;
    },
  };
}

/** Her enrolled face closest to `embedding`, and how close. */
export function closestFace(
  embedding: Float32Array,
  faces: EnrolledEmbedding[],
): { id: string; similarity: number } | null {
  let best: { id: string; similarity: number } | null = null;
  for (const face of faces) {
    const similarity = cosine(embedding, face.embedding);
    if (!best || similarity > best.similarity) best = { id: face.id, similarity };
  }
  return best;
}
