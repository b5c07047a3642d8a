// What the scan pipeline needs from the rest of the system, as narrow interfaces: the crawler, the
// discovery sources and their quotas, the findings, the matcher. the scans module (scans-module.ts) passes the real ones.
import type { SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import type { DiscoverySource } from '@shark/engine/discovery/sources/source.ts';
import type { FindingStatus, SiteKindName } from '@shark/contracts/findings.ts';

export interface PageMedia {
  url: string;
  kind: 'image' | 'video';
}

export type PageResult =
  | {
      ok: true;
      url: string;
      finalUrl: string;
      status: number;
      contentType: string | null;
      title: string | null;
      text: string | null;
      /** The HTML itself, for catalog selectors (null for media and non-HTML answers). */
      html: string | null;
      media: PageMedia[];
    }
  | { ok: false; url: string; reason: string; status?: number; message: string };

export type MediaResult =
  | { ok: true; finalUrl: string; contentType: string | null; body: Buffer }
  | { ok: false; url: string; reason: string; status?: number; message: string };

export interface CrawlerPort {
  fetchPage(url: string, options?: { respectRobots?: boolean }): Promise<PageResult>;
  fetchMedia(url: string): Promise<MediaResult>;
}

export interface SourcesPort {
  /** Every source, on and off (names of sources a scan used stay known after one is turned off). */
  all(): DiscoverySource[];
  enabled(): DiscoverySource[];
  reserve(sourceId: string, n: number): Promise<boolean>;
  readonly catalog: SiteCatalog;
}

export interface RecordFindingInput {
  userId: string;
  scanId: string;
  kind: 'leak' | 'mention' | 'impersonation' | 'likeness';
  pageUrl: string;
  mediaUrl?: string | null;
  pageTitle?: string | null;
  source: string;
  site?: { id: string | null; name?: string; kind: SiteKindName } | null;
  referenceFileId?: string | null;
  distance?: number | null;
  confidence: number;
  mediaSha256?: string | null;
  mediaPdq?: string | null;
  thumbnail?: Buffer | null;
  impersonation?: {
    platform: string;
    username: string;
    displayName: string | null;
    reasons: string[];
  } | null;
  face?: {
    similarity: number;
    box: { x: number; y: number; width: number; height: number };
    enrolledFaceId: string;
    crop: Buffer;
  } | null;
}

export interface FindingsPort {
  record(
    input: RecordFindingInput,
  ): Promise<{ id: string; created: boolean; status: FindingStatus }>;
  countByKindForScan(
    scanId: string,
  ): Promise<{ leak: number; mention: number; impersonation: number }>;
}

/** Reads a stored reference file's bytes (for reverse image search). */
export type ReadReference = (
  userId: string,
  referenceFileId: string,
) => Promise<{ bytes: Buffer; mimeType: string | null } | null>;
