// The fingerprinting work a pool worker does, also run inline when the pool has no threads: one
// function per job kind, each returning plain data (typed arrays included) that crosses a thread
// boundary by structured clone.
import {
  fingerprintCandidate,
  fingerprintReference,
  type CandidateFingerprint,
  type ReferenceFingerprint,
} from './image-fingerprint.ts';
import { facesOfPicture, facesOfVideo, type PictureFaces } from '../likeness/face-jobs.ts';
import {
  fingerprintCandidateVideo,
  fingerprintVideo,
  type CandidateVideoFingerprint,
  type VideoFingerprint,
} from './video.ts';

export interface FingerprintJobs {
  referenceImage: (input: string | Uint8Array) => Promise<ReferenceFingerprint>;
  candidateImage: (input: string | Uint8Array) => Promise<CandidateFingerprint>;
  referenceVideo: (file: string) => Promise<VideoFingerprint>;
  candidateVideo: (file: string) => Promise<CandidateVideoFingerprint>;
  /** The faces of a picture (its bytes) or of frames of a video (its file), for likeness search. */
  pictureFaces: (input: Uint8Array) => Promise<PictureFaces[]>;
  videoFaces: (file: string) => Promise<PictureFaces[]>;
}

export type FingerprintJobKind = keyof FingerprintJobs;

const asInput = (input: string | Uint8Array) =>
  typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);

/**
 * A candidate's local features are computed lazily on one thread; here they are computed before the
 * fingerprint leaves the worker (a candidate that is not a near-identical copy needs them anyway) and
 * the view becomes plain data.
 */
export function materialiseCandidate(fingerprint: CandidateFingerprint): CandidateFingerprint {
  return {
    width: fingerprint.width,
    height: fingerprint.height,
    views: fingerprint.views.map((view) => {
      const { features, ...rest } = view;
      return features
        ? { ...rest, features: { keypoints: features.keypoints, grey: features.grey } }
        : rest;
    }),
  };
}

export const FINGERPRINT_JOBS: FingerprintJobs = {
  referenceImage: (input) => fingerprintReference(asInput(input)),
  candidateImage: async (input) => materialiseCandidate(await fingerprintCandidate(asInput(input))),
  referenceVideo: (file) => fingerprintVideo(file),
  candidateVideo: (file) => fingerprintCandidateVideo(file),
  pictureFaces: (input) => facesOfPicture(input),
  videoFaces: (file) => facesOfVideo(file),
};

/** The buffers of typed arrays inside a result, to move rather than copy them to the caller. */
export function transferablesOf(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    const buffer = value.buffer;
    // Only a buffer the view owns entirely may move (a pooled Buffer's slab may not).
    if (
      buffer instanceof ArrayBuffer &&
      value.byteOffset === 0 &&
      value.byteLength === buffer.byteLength
    )
      found.add(buffer);
  } else if (Array.isArray(value)) {
    for (const item of value) transferablesOf(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) transferablesOf(item, found);
  }
  return [...found];
}
