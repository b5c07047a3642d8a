// Matches candidate files (images and videos, recognised by content) against reference files:
// the code path behind `shark match`. Candidates are streamed one at a time, so memory stays flat
// however many there are.
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FingerprintPool, mapOrdered } from './fingerprint-pool.ts';
import { ImageMatcher } from './image-matcher.ts';
import { sniffMediaType, type MediaType } from './media-type.ts';
import { VideoMatcher } from './video.ts';

export interface FileMatch {
  candidate: string;
  reference: string | null;
  distance: number | null;
  confidence: number;
  error?: string;
}

export interface ReferenceLoadReport {
  images: number;
  videos: number;
  errors: { file: string; error: string }[];
}

/** Every regular file under `dir`, depth first, in name order. */
export async function* walkFiles(dir: string): AsyncGenerator<string> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walkFiles(path);
    else if (entry.isFile()) yield path;
  }
}

async function mediaTypeOf(file: string): Promise<MediaType | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniffMediaType(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Files are fingerprinted on the pool's threads, a few ahead of the one being matched; matching and
 * results stay in walk order, and at most `window` fingerprints are held at once.
 */
export class FileMatcher {
  private readonly images = new ImageMatcher();
  private readonly videos = new VideoMatcher();
  private readonly pool: FingerprintPool;
  private readonly ownsPool: boolean;
  private readonly window: number;

  /** Fingerprint threads in use (0: the calling thread). */
  get threads(): number {
    return this.pool.threads;
  }

  constructor(options: { pool?: FingerprintPool } = {}) {
    this.ownsPool = !options.pool;
    this.pool = options.pool ?? new FingerprintPool();
    this.window = Math.max(2, this.pool.threads * 2);
  }

  /** Fingerprints every image and video under `dir` as a reference; other files are reported. */
  async loadReferences(dir: string): Promise<ReferenceLoadReport> {
    const report: ReferenceLoadReport = { images: 0, videos: 0, errors: [] };
    const fingerprinted = mapOrdered(walkFiles(dir), this.window, async (file) => {
      try {
        const type = await mediaTypeOf(file);
        if (type === null) throw new Error('not an image or a video');
        return type.kind === 'image'
          ? ({ file, kind: 'image', fingerprint: await this.pool.referenceImage(file) } as const)
          : ({ file, kind: 'video', fingerprint: await this.pool.referenceVideo(file) } as const);
      } catch (error) {
        return { file, kind: 'error', error: messageOf(error) } as const;
      }
    });
    for await (const result of fingerprinted) {
      if (result.kind === 'image') {
        this.images.add(result.file, result.fingerprint);
        report.images++;
      } else if (result.kind === 'video') {
        this.videos.addReference(result.file, result.fingerprint);
        report.videos++;
      } else {
        report.errors.push({ file: result.file, error: result.error });
      }
    }
    return report;
  }

  async matchFile(candidate: string): Promise<FileMatch> {
    return this.matchFingerprinted(await this.fingerprintCandidate(candidate));
  }

  /** Matches each file under `dir` in turn, yielding one result per file as soon as it is known. */
  async *matchDirectory(dir: string): AsyncGenerator<FileMatch> {
    for await (const fingerprinted of mapOrdered(walkFiles(dir), this.window, (file) =>
      this.fingerprintCandidate(file),
    )) {
      yield this.matchFingerprinted(fingerprinted);
    }
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.close();
  }

  private async fingerprintCandidate(candidate: string) {
    try {
      const info = await stat(candidate);
      if (!info.isFile()) throw new Error('not a regular file');
      const type = await mediaTypeOf(candidate);
      if (type === null) throw new Error('unsupported file: not an image or a video');
      return type.kind === 'image'
        ? ({
            candidate,
            kind: 'image',
            fingerprint: await this.pool.candidateImage(candidate),
          } as const)
        : ({
            candidate,
            kind: 'video',
            fingerprint: await this.pool.candidateVideo(candidate),
          } as const);
    } catch (error) {
      return { candidate, kind: 'error', error: messageOf(error) } as const;
    }
  }

  private matchFingerprinted(
    f: Awaited<ReturnType<FileMatcher['fingerprintCandidate']>>,
  ): FileMatch {
    if (f.kind === 'error')
      return {
        candidate: f.candidate,
        reference: null,
        distance: null,
        confidence: 0,
        error: f.error,
      };
    try {
      const result =
        f.kind === 'image' ? this.images.match(f.fingerprint) : this.videos.match(f.fingerprint);
      return {
        candidate: f.candidate,
        reference: result.referenceId,
        distance: result.distance,
        confidence: Number(result.confidence.toFixed(3)),
      };
    } catch (error) {
      return {
        candidate: f.candidate,
        reference: null,
        distance: null,
        confidence: 0,
        error: messageOf(error),
      };
    }
  }
}
