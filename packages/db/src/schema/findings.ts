// What scans found that may be the creator's.
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, optionalRef, textArray, timestamptz, timestamptzNow, userId } from './columns.ts';
import { enrolledFace, type FaceBox } from './likeness.ts';
import { referenceFile } from './reference-files.ts';
import { scan } from './scans.ts';
import { whitelistEntry } from './whitelist.ts';

export const FINDING_KINDS = ['leak', 'mention', 'impersonation', 'likeness'] as const;
/**
 * What a confirmed likeness finding shows: her own content (a leak, enforced as copyright), a forgery
 * of her likeness, or intimate content of her shared without her consent (neither is a copyright
 * case).
 */
export const LIKENESS_NATURES = ['own_content', 'forgery', 'intimate_without_consent'] as const;
export const FINDING_STATUSES = ['pending_review', 'confirmed', 'rejected', 'whitelisted'] as const;

/**
 * Something a scan found that may be the creator's: a page showing a copy of a reference file (leak),
 * a leak-site page naming the creator without a matched file (mention), or a profile posing as the
 * creator (impersonation), or a picture with a face that looks like hers and is not a copy of a
 * reference file (likeness). Unique per creator by its dedup key.
 */
export const finding = pgTable(
  'finding',
  {
    id: id(),
    userId: userId(),
    kind: text('kind', { enum: FINDING_KINDS }).notNull(),
    /**
     * leak:<page>:<reference>, mention:<page>, impersonation:<site>:<username>,
     * likeness:<page>:<media sha-256> (normalised).
     */
    dedupKey: text('dedup_key').notNull(),
    status: text('status', { enum: FINDING_STATUSES }).notNull(),
    /** auto: confidence above the threshold; creator: reviewed by hand. */
    reviewedBy: text('reviewed_by', { enum: ['auto', 'creator'] }),
    reviewedAt: timestamptz('reviewed_at'),
    /** The creator asked Shark's team to review it (it waits in the staff work queue). */
    staffReviewRequestedAt: timestamptz('staff_review_requested_at'),
    pageUrl: text('page_url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    mediaUrl: text('media_url'),
    /** SHA-256 of the found media's bytes (hex). */
    mediaSha256: text('media_sha256'),
    /** PDQ of the found picture (hex), when it is one. */
    mediaPdq: text('media_pdq'),
    referenceFileId: optionalRef('reference_file_id', () => referenceFile.id),
    distance: integer('distance'),
    confidence: doublePrecision('confidence').notNull(),
    pageTitle: text('page_title'),
    /** The catalog site the page is on, and its kind (tube, forum…), when known. */
    siteId: text('site_id'),
    siteKind: text('site_kind'),
    /** Storage key of a small JPEG of the found media (or the profile picture). */
    thumbnailKey: text('thumbnail_key'),
    /** Impersonation: the platform, the username found and its display name; why it poses as the creator. */
    platform: text('platform'),
    username: text('username'),
    displayName: text('display_name'),
    reasons: textArray('reasons'),
    /** The whitelist entry that covers the URL (never enforced). */
    whitelistEntryId: optionalRef('whitelist_entry_id', () => whitelistEntry.id),
    /** The source that led to it (a discovery source id, or catalog:<site id>). */
    source: text('source'),
    firstScanId: optionalRef('first_scan_id', () => scan.id),
    lastScanId: optionalRef('last_scan_id', () => scan.id),
    firstSeenAt: timestamptzNow('first_seen_at'),
    lastSeenAt: timestamptzNow('last_seen_at'),
    /** A file taken down before and found again elsewhere: the finding of the earlier copy. */
    reuploadOfFindingId: text('reupload_of_finding_id'),
    /** Likeness: the found face, its cosine similarity to her closest enrolled face, and that face. */
    faceSimilarity: doublePrecision('face_similarity'),
    faceBox: jsonb('face_box').$type<FaceBox>(),
    /** Storage key of the found face's crop (a small JPEG). */
    faceCropKey: text('face_crop_key'),
    enrolledFaceId: optionalRef('enrolled_face_id', () => enrolledFace.id),
    /** Likeness: what she (or Shark's team) said it is when confirming it. */
    likenessNature: text('likeness_nature', { enum: LIKENESS_NATURES }),
  },
  (t) => [
    uniqueIndex('finding_dedup_idx').on(t.userId, t.dedupKey),
    index('finding_user_status_idx').on(t.userId, t.status, t.lastSeenAt),
    index('finding_user_media_idx').on(t.userId, t.mediaSha256),
    index('finding_last_scan_idx').on(t.lastScanId),
    // Findings on Tor onion hosts, for the dashboard's dark web figures (the same expression there).
    index('finding_dark_web_idx')
      .on(t.userId, t.status)
      .where(sql`normalized_url ~ '^[^/?]*[.]onion([:/?]|$)'`),
  ],
);
