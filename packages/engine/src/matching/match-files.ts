// Matches candidate files (images and videos, recognised by content) against reference files:
// the code path behind `shark match`. Candidates are streamed one at a time, so memory stays flat
// however many there are.
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fingerprintCandidate, fingerprintReference } from './image-fingerprint.ts';
import { ImageMatcher } from './image-matcher.ts';
import { sniffMediaType, type MediaType } from './media-type.ts';
import { fingerprintCandidateVideo, fingerprintVideo, VideoMatcher } from './video.ts';

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
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
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

export class FileMatcher {
  private readonly images = new ImageMatcher();
  private readonly videos = new VideoMatcher();

  /** Fingerprints every image and video under `dir` as a reference; other files are reported. */
  async loadReferences(dir: string): Promise<ReferenceLoadReport> {
    const report: ReferenceLoadReport = { images: 0, videos: 0, errors: [] };
    for await (const file of walkFiles(dir)) {
      try {
        const type = await mediaTypeOf(file);
        if (type === null) throw new Error('not an image or a video');
        if (type.kind === 'image') {
          this.images.add(file, await fingerprintReference(file));
          report.images++;
        } else {
          this.videos.addReference(file, await fingerprintVideo(file));
          report.videos++;
        }
      } catch (error) {
        report.errors.push({ file, error: messageOf(error) });
      }
    }
    return report;
  }

  async matchFile(candidate: string): Promise<FileMatch> {
    try {
      const info = await stat(candidate);
      if (!info.isFile()) throw new Error('not a regular file');
      const type = await mediaTypeOf(candidate);
      if (type === null) throw new Error('unsupported file: not an image or a video');
      const result =
        type.kind === 'image'
          ? this.images.match(await fingerprintCandidate(candidate))
          : this.videos.match(await fingerprintCandidateVideo(candidate));
      return { candidate, reference: result.referenceId, distance: result.distance, confidence: Number(result.confidence.toFixed(3)) };
    } catch (error) {
      return { candidate, reference: null, distance: null, confidence: 0, error: messageOf(error) };
    }
  }

  /** Matches each file under `dir` in turn, yielding one result per file as soon as it is known. */
  async *matchDirectory(dir: string): AsyncGenerator<FileMatch> {
    for await (const file of walkFiles(dir)) yield await this.matchFile(file);
  }
}
