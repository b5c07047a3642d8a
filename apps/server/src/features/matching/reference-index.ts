// The in-memory reference matchers of one process, kept in step with the database: built from it at
// start, then updated incrementally by `sync()` (additions and removals made by any process).
import { open } from 'node:fs/promises';
import {
  decodeReferenceFingerprint,
  encodeReferenceFingerprint,
  fingerprintCandidate,
  fingerprintReference,
  type CandidateFingerprint,
} from '@shark/engine/matching/image-fingerprint.ts';
import { ImageMatcher } from '@shark/engine/matching/image-matcher.ts';
import { sniffMediaType } from '@shark/engine/matching/media-type.ts';
import {
  decodeVideoFingerprint,
  encodeVideoFingerprint,
  fingerprintCandidateVideo,
  fingerprintVideo,
  VideoMatcher,
  type CandidateVideoFingerprint,
} from '@shark/engine/matching/video.ts';
import { AppError } from '#server/http/app-error.ts';
import type {
  ReferenceKind,
  ReferenceRepository,
  StoredReference,
} from './reference-repository.ts';

/** Rows are re-read this far back on each sync: a transaction may commit a lower seq after a higher one. */
const SEQ_OVERLAP = 256;
const BATCH = 500;

export interface ReferenceMatch {
  referenceId: string | null;
  userId: string | null;
  distance: number | null;
  confidence: number;
}

export function createReferenceIndex(repo: ReferenceRepository) {
  const images = new ImageMatcher();
  const videos = new VideoMatcher();
  const owners = new Map<string, string>();
  let lastAddedSeq = 0;
  let lastRemovedSeq = 0;

  function apply(row: StoredReference): void {
    if (owners.has(row.referenceId)) return;
    if (row.kind === 'image') images.add(row.referenceId, decodeReferenceFingerprint(row.data));
    else videos.addReference(row.referenceId, decodeVideoFingerprint(row.data));
    owners.set(row.referenceId, row.userId);
  }

  function forget(referenceId: string): void {
    if (!owners.delete(referenceId)) return;
    images.remove(referenceId);
    videos.removeReference(referenceId);
  }

  function withOwner(result: {
    referenceId: string | null;
    distance: number | null;
    confidence: number;
  }): ReferenceMatch {
    return {
      referenceId: result.referenceId,
      userId: result.referenceId ? (owners.get(result.referenceId) ?? null) : null,
      distance: result.distance,
      confidence: result.confidence,
    };
  }

  return {
    get size() {
      return owners.size;
    },

    /** Catches up with additions and removals made since the last sync, by this or any process. */
    async sync(): Promise<void> {
      for (;;) {
        const rows = await repo.addedAfter(Math.max(0, lastAddedSeq - SEQ_OVERLAP), BATCH);
        const fresh = rows.filter((r) => r.seq > lastAddedSeq || !owners.has(r.referenceId));
        for (const row of rows) lastAddedSeq = Math.max(lastAddedSeq, row.seq);
        fresh.forEach(apply);
        if (rows.length < BATCH || fresh.length === 0) break;
      }
      for (;;) {
        const removed = await repo.removedAfter(lastRemovedSeq, BATCH);
        for (const { seq, referenceId } of removed) {
          forget(referenceId);
          lastRemovedSeq = seq;
        }
        if (removed.length < BATCH) break;
      }
    },

    /** Fingerprints a reference file of the user's, stores it and makes it matchable. */
    async add(userId: string, referenceId: string, file: string): Promise<ReferenceKind> {
      const kind = await kindOfFile(file);
      const data =
        kind === 'image'
          ? encodeReferenceFingerprint(await fingerprintReference(file))
          : encodeVideoFingerprint(await fingerprintVideo(file));
      await repo.insert({ referenceId, userId, kind, data });
      await this.sync();
      return kind;
    },

    /** Removes one of the user's references; another user's id is "not found". */
    async remove(userId: string, referenceId: string): Promise<void> {
      if (!(await repo.delete(userId, referenceId)))
        throw new AppError('NOT_FOUND', 'No such reference.');
      await this.sync();
    },

    /** The creator's reference a candidate picture copies (only that creator's references count). */
    matchImageOf(userId: string, candidate: CandidateFingerprint): ReferenceMatch {
      return withOwner(images.match(candidate, (id) => owners.get(id) === userId));
    },

    /** The creator's reference video a candidate video copies. */
    matchVideoOf(userId: string, candidate: CandidateVideoFingerprint): ReferenceMatch {
      return withOwner(videos.match(candidate, (id) => owners.get(id) === userId));
    },

    /** The reference a candidate file copies, among every creator's references, if any. */
    async match(file: string): Promise<ReferenceMatch> {
      const kind = await kindOfFile(file);
      const result =
        kind === 'image'
          ? images.match(await fingerprintCandidate(file))
          : videos.match(await fingerprintCandidateVideo(file));
      return {
        referenceId: result.referenceId,
        userId: result.referenceId ? (owners.get(result.referenceId) ?? null) : null,
        distance: result.distance,
        confidence: result.confidence,
      };
    },
  };
}

async function kindOfFile(file: string): Promise<ReferenceKind> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, 512, 0);
    const type = sniffMediaType(head.subarray(0, bytesRead));
    if (!type) throw new AppError('BAD_REQUEST', 'This file is neither an image nor a video.');
    return type.kind;
  } finally {
    await handle.close();
  }
}

export type ReferenceIndex = ReturnType<typeof createReferenceIndex>;
