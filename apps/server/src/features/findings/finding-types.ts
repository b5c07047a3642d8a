// What the findings service takes and answers, and the ports it is given.
import type { FindingKind, FindingStatus, SiteKindName } from '@shark/contracts/findings.ts';
import type { FindingRepository } from './finding-repository.ts';
import type { ReuploadRepository } from './reupload-repository.ts';
import type { Logger } from '#server/http/logger.ts';
import type { Entitled } from '#server/features/entitlements/entitlements.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import type { WhitelistService } from '#server/features/whitelist/whitelist-service.ts';

export interface RecordFindingInput {
  userId: string;
  /** The scan that found it; null for a page or profile the creator reported herself (features/report-leaks). */
  scanId: string | null;
  kind: FindingKind;
  pageUrl: string;
  mediaUrl?: string | null;
  pageTitle?: string | null;
  /** The discovery source id that led to it, or catalog:<site id>. */
  source: string;
  site?: { id: string | null; name?: string; kind: SiteKindName } | null;
  referenceFileId?: string | null;
  /** PDQ distance to the reference (0–256), when matched by hash. */
  distance?: number | null;
  /** 0–1. */
  confidence: number;
  mediaSha256?: string | null;
  mediaPdq?: string | null;
  /** Any picture (the found media, a video frame, the profile picture); stored once as a small JPEG. */
  thumbnail?: Buffer | null;
  impersonation?: {
    platform: string;
    username: string;
    displayName: string | null;
    reasons: string[];
  } | null;
  /** Likeness: the face found, how close it is to her closest enrolled face, and that face. */
  face?: {
    similarity: number;
    /** Fractions of the picture's width and height. */
    box: { x: number; y: number; width: number; height: number };
    enrolledFaceId: string | null;
    /** A small JPEG of the found face. */
    crop: Buffer;
  } | null;
}

export interface RecordFindingResult {
  id: string;
  /** False when the finding was there already (seen again, or a mention of a page with a leak). */
  created: boolean;
  status: FindingStatus;
}

/** The parts of the whitelist feature findings use: reading the creator's entries, adding one. */
export type FindingWhitelist = Pick<WhitelistService, 'list' | 'add'>;

export interface FindingServiceDeps {
  findings: FindingRepository;
  reuploads: ReuploadRepository;
  storage: FileStorage;
  whitelist: FindingWhitelist;
  logger: Logger;
  /** The catalog's name of a site id (Pornhub, not pornhub); findings elsewhere are named by their host. */
  siteName?: (siteId: string) => string | undefined;
  /** Told when findings become confirmed or stop being so (features/enforcement opens and closes takedowns). */
  enforcement?: FindingEnforcementPort;
  /** For clearnet hosts that mirror onion sites, the onion site each mirrors (features/dark-web). */
  mirroredOnions?: (hosts: string[]) => Promise<Map<string, string>>;
}

/** What enforcement needs to hear from findings; both calls are idempotent (a finding seen again is told again). */
export interface FindingEnforcementPort {
  onConfirmed(userId: string, findingIds: string[]): Promise<void>;
  /** Whitelisted or rejected after all. */
  onWithdrawn(userId: string, findingIds: string[]): Promise<void>;
}

/** Who may act on a finding: the owner, with the limits of their plan (the whitelist action adds an entry). */
export type Reviewer = Entitled;
