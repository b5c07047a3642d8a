// Recording what a scan found: once per creator and dedup key, whatever worker records it; seen again,
// it keeps its review and gets the newer sighting (and the stronger match); its picture kept once, small.
import { randomUUID } from 'node:crypto';
import type { FindingKind, FindingStatus } from '@shark/contracts/findings.ts';
import { makeThumbnail, UnreadablePictureError } from '@shark/engine/media/preview.ts';
import { createWhitelistMatcher } from '@shark/engine/whitelist/whitelist-match.ts';
import type { Logger } from '#server/http/logger.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import type { ReuploadRepository } from './reupload-repository.ts';
import type { FindingRepository, FindingRow } from './finding-repository.ts';
import {
  findingKeys,
  initialState,
  isAutoConfirmed,
  whitelistedState,
  type ReviewState,
} from './finding-rules.ts';
import type { RecordFindingInput, RecordFindingResult } from './finding-types.ts';
import { coveringEntry, type Entry } from './finding-whitelisting.ts';

export const thumbnailKeyOf = (userId: string, findingId: string) =>
  `findings/${userId}/${findingId}.jpg`;

/** Where a likeness finding's crop of the face found is stored. */
export const faceCropKeyOf = (userId: string, findingId: string) =>
  `findings/${userId}/${findingId}-face.jpg`;

export function createFindingRecorder(deps: {
  reuploads: ReuploadRepository;
  repo: FindingRepository;
  storage: FileStorage;
  logger: Logger;
  entriesOf: (userId: string) => Promise<Entry[]>;
  tellEnforcement: (userId: string, ids: string[], status: FindingStatus) => Promise<void>;
}) {
  const { repo, storage, logger, entriesOf, tellEnforcement } = deps;

  async function storeThumbnail(row: FindingRow, picture: Buffer): Promise<void> {
    let jpeg: Buffer;
    try {
      ({ jpeg } = await makeThumbnail(picture));
    } catch (error) {
      // A picture sharp cannot read costs the finding its thumbnail, not the finding itself.
      if (!(error instanceof UnreadablePictureError)) throw error;
      logger.warn('finding thumbnail unreadable', { findingId: row.id, error: error.message });
      return;
    }
    const key = thumbnailKeyOf(row.userId, row.id);
    await storage.write(key, jpeg);
    await repo.setThumbnail(row.id, key);
  }

  /**
   * Records what a scan found, once per creator and dedup key: seen again, it keeps its review and
   * gets the newer sighting (and the stronger match); a mention of a page with a leak adds nothing.
   */
  return async function record(input: RecordFindingInput): Promise<RecordFindingResult> {
    const keys = findingKeys(input);
    if (!Number.isFinite(input.confidence))
      throw new Error('A finding needs a confidence between 0 and 1.');
    const confidence = Math.min(1, Math.max(0, input.confidence));
    const distance =
      input.distance === null || input.distance === undefined ? null : Math.round(input.distance);
    const mediaUrl = input.mediaUrl ?? null;
    const { userId } = input;
    const matcher = createWhitelistMatcher(await entriesOf(userId));
    const covering = coveringEntry(matcher, input.pageUrl, mediaUrl)?.id ?? null;
    const now = new Date();

    // A reference deleted while the scan ran (or never the creator's) is no evidence to show.
    const referenceFileId =
      input.referenceFileId && (await repo.ownsReference(userId, input.referenceFileId))
        ? input.referenceFileId
        : null;

    // A file taken down before and found again on another page: the new finding names the earlier one.
    const reuploadOf = await deps.reuploads.findOrigin({
      userId,
      kind: input.kind,
      normalizedUrl: keys.normalizedUrl,
      mediaSha256: input.mediaSha256 ?? null,
      referenceFileId,
    });
    const outcome = await repo.locked(userId, keys.lockSubject, async (q) => {
      if (input.kind === 'mention') {
        const leak = await q.findLeakOnPage(userId, keys.normalizedUrl);
        if (leak) return { row: leak, created: false, absorbed: true, superseded: null };
      }
      let existing = await q.findByDedupKey(userId, keys.dedupKey);
      if (!existing && input.kind === 'leak' && input.mediaSha256) {
        existing = await q.findLeakByMedia(userId, keys.normalizedUrl, input.mediaSha256);
      }
      if (!existing) {
        const state = initialState(input.kind, confidence, covering);
        const inserted = await q.insert({
          id: randomUUID(),
          userId,
          kind: input.kind,
          dedupKey: keys.dedupKey,
          ...state,
          reviewedAt: state.reviewedBy ? now : null,
          pageUrl: input.pageUrl,
          normalizedUrl: keys.normalizedUrl,
          mediaUrl,
          mediaSha256: input.mediaSha256 ?? null,
          mediaPdq: input.mediaPdq ?? null,
          referenceFileId,
          distance,
          confidence,
          pageTitle: input.pageTitle ?? null,
          siteId: input.site?.id ?? null,
          siteKind: input.site?.kind ?? null,
          platform: input.impersonation?.platform ?? null,
          username: input.impersonation?.username ?? null,
          displayName: input.impersonation?.displayName ?? null,
          reasons: input.impersonation?.reasons ?? [],
          source: input.source,
          firstScanId: input.scanId,
          lastScanId: input.scanId,
          firstSeenAt: now,
          lastSeenAt: now,
          reuploadOfFindingId: reuploadOf,
          faceSimilarity: input.face?.similarity ?? null,
          faceBox: input.face?.box ?? null,
          enrolledFaceId: input.face?.enrolledFaceId ?? null,
        });
        if (inserted) {
          // A leak says all a mention of the same page said, with the file as evidence.
          const superseded =
            input.kind === 'leak'
              ? await q.deleteUnreviewedMention(userId, keys.normalizedUrl)
              : undefined;
          return {
            row: inserted,
            created: true,
            absorbed: false,
            superseded: superseded ?? null,
          };
        }
        // Only without the lock's protection (never expected): the row exists now; update it.
        existing = await q.findByDedupKey(userId, keys.dedupKey);
        if (!existing) throw new Error('finding missing after a conflicting insert');
      }

      const patch: Partial<FindingRow> = {
        lastSeenAt: now,
        ...(input.scanId === null ? {} : { lastScanId: input.scanId }),
      };
      if (existing.pageTitle === null && input.pageTitle) patch.pageTitle = input.pageTitle;
      let current: ReviewState & { kind: FindingKind; confidence: number } = { ...existing };
      if (input.kind === 'leak' && confidence > existing.confidence) {
        // The stronger match is the better evidence: its reference, distance and media together.
        Object.assign(patch, {
          confidence,
          distance,
          referenceFileId: referenceFileId ?? existing.referenceFileId,
          mediaUrl: mediaUrl ?? existing.mediaUrl,
          mediaSha256: input.mediaSha256 ?? existing.mediaSha256,
          mediaPdq: input.mediaPdq ?? existing.mediaPdq,
        });
        current = { ...current, confidence };
        // Nobody has looked at it yet: it gets what a new finding this sure would get.
        if (
          existing.status === 'pending_review' &&
          existing.reviewedBy === null &&
          isAutoConfirmed(existing.kind, confidence)
        ) {
          Object.assign(patch, { status: 'confirmed', reviewedBy: 'auto', reviewedAt: now });
          current = { ...current, status: 'confirmed', reviewedBy: 'auto' };
        }
      }
      const whitelistState = whitelistedState(current, covering);
      if (whitelistState) {
        Object.assign(patch, {
          status: whitelistState.status,
          whitelistEntryId: whitelistState.whitelistEntryId,
        });
        if (whitelistState.status !== 'whitelisted') {
          Object.assign(patch, {
            reviewedBy: whitelistState.reviewedBy,
            reviewedAt: whitelistState.reviewedBy ? now : null,
          });
        }
      }
      return {
        row: await q.update(existing.id, patch),
        created: false,
        absorbed: false,
        superseded: null,
      };
    });

    if (outcome.superseded?.thumbnailKey) await storage.delete(outcome.superseded.thumbnailKey);
    // Stored once: a finding seen again keeps its first picture. A mention's page picture is not the leak's evidence.
    if (input.thumbnail && outcome.row.thumbnailKey === null && !outcome.absorbed) {
      await storeThumbnail(outcome.row, input.thumbnail);
    }
    if (input.face && outcome.row.faceCropKey === null) {
      const key = faceCropKeyOf(outcome.row.userId, outcome.row.id);
      await storage.write(key, input.face.crop);
      await repo.setFaceCrop(outcome.row.id, key);
    }
    await tellEnforcement(userId, [outcome.row.id], outcome.row.status);
    return { id: outcome.row.id, created: outcome.created, status: outcome.row.status };
  };
}
