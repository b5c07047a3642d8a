// The rules of findings: one per page and reference (or profile) per creator whatever worker records
// it; whitelisted pages recorded as such and never enforced; sure matches confirmed automatically,
// the rest reviewed by the creator; thumbnails kept small and shown blurred before payment.
import { createHash, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import sharp from '@shark/engine/media/sharp.ts';
import {
  FINDINGS_PAGE_SIZE,
  type Finding,
  type FindingKind,
  type FindingPage,
  type FindingQuery,
  type FindingStatus,
  type FreeScanResult,
  type ReviewFinding,
  type ReviewFindingResult,
  type SiteKindName,
} from '@shark/contracts/findings.ts';
import { makeThumbnail, UnreadablePictureError } from '@shark/engine/media/preview.ts';
import { displayWhitelistValue } from '@shark/engine/whitelist/whitelist-entry.ts';
import {
  createWhitelistMatcher,
  type WhitelistEntryLike,
} from '@shark/engine/whitelist/whitelist-match.ts';
import type { Database } from '@shark/db/client.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import type { Entitled } from '#server/features/entitlements/entitlements.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import { StoredFileNotFoundError } from '#server/features/storage/file-storage.ts';
import type { WhitelistService } from '#server/features/whitelist/whitelist-service.ts';
import {
  findReuploadOrigin,
  reuploadOrigins,
  type ReuploadOrigin,
} from '#server/features/takedowns/lifecycle/reupload.ts';
import {
  createFindingRepository,
  type FindingRow,
  type FindingView,
} from './finding-repository.ts';
import {
  decodeCursor,
  encodeCursor,
  findingKeys,
  hostOf,
  initialState,
  isAutoConfirmed,
  siteKindOf,
  whitelistedState,
  type ReviewState,
} from './finding-rules.ts';

export interface RecordFindingInput {
  userId: string;
  /** The scan that found it; null for a page or profile the creator reported herself (features/reports). */
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
  db: Database;
  storage: FileStorage;
  whitelist: FindingWhitelist;
  logger: Logger;
  /** The catalog's name of a site id (Pornhub, not pornhub); findings elsewhere are named by their host. */
  siteName?: (siteId: string) => string | undefined;
  /** Told when findings become confirmed or stop being so (features/enforcement opens and closes takedowns). */
  enforcement?: FindingEnforcementPort;
}

/** What enforcement needs to hear from findings; both calls are idempotent (a finding seen again is told again). */
export interface FindingEnforcementPort {
  onConfirmed(userId: string, findingIds: string[]): Promise<void>;
  /** Whitelisted or rejected after all. */
  onWithdrawn(userId: string, findingIds: string[]): Promise<void>;
}

type Entry = WhitelistEntryLike & { id: string };
/** A finding as shown: its row and joins, and the earlier finding it is a re-upload of (takedown lifecycle). */
type ShownView = FindingView & { reuploadOf: ReuploadOrigin | null };

const NOT_FOUND = 'This finding does not exist.';
/** Users whose whitelist has been applied to their findings in this process, with the whitelist's signature. */
const APPLIED_CACHE_LIMIT = 10_000;

export const thumbnailKeyOf = (userId: string, findingId: string) =>
  `findings/${userId}/${findingId}.jpg`;

/** Who may act on a finding: the owner, with the limits of their plan (the whitelist action adds an entry). */
export type Reviewer = Entitled;

export function createFindingService(deps: FindingServiceDeps) {
  const { storage, logger, whitelist } = deps;
  const repo = createFindingRepository(deps.db);
  const appliedSignatures = new Map<string, string>();

  async function tellEnforcement(
    userId: string,
    ids: string[],
    status: FindingStatus,
  ): Promise<void> {
    if (!deps.enforcement || ids.length === 0) return;
    if (status === 'confirmed') await deps.enforcement.onConfirmed(userId, ids);
    else if (status === 'whitelisted' || status === 'rejected')
      await deps.enforcement.onWithdrawn(userId, ids);
  }

  async function entriesOf(userId: string): Promise<Entry[]> {
    return (await whitelist.list(userId)).entries;
  }

  /** The most specific entry covering the page, else the media's address (a whitelisted CDN, say). */
  function coveringEntry(
    matcher: ReturnType<typeof createWhitelistMatcher<Entry>>,
    pageUrl: string,
    mediaUrl: string | null,
  ): Entry | null {
    return (
      matcher.match(pageUrl)?.entry ??
      (mediaUrl ? matcher.match(mediaUrl)?.entry : undefined) ??
      null
    );
  }

  function siteOf(
    row: Pick<FindingRow, 'siteId' | 'siteKind' | 'pageUrl' | 'platform'>,
  ): Finding['site'] {
    const name =
      (row.siteId ? deps.siteName?.(row.siteId) : undefined) ??
      hostOf(row.pageUrl) ??
      row.platform ??
      row.pageUrl;
    return { id: row.siteId, name, kind: siteKindOf(row.siteKind) };
  }

  function toApi(view: ShownView): Finding {
    const { row } = view;
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      reviewedBy: row.reviewedBy,
      pageUrl: row.pageUrl,
      mediaUrl: row.mediaUrl,
      pageTitle: row.pageTitle,
      site: siteOf(row),
      reference: row.referenceFileId
        ? { id: row.referenceFileId, name: view.referenceName ?? 'Reference file' }
        : null,
      distance: row.distance,
      confidence: row.confidence,
      hasThumbnail: row.thumbnailKey !== null,
      impersonation:
        row.kind === 'impersonation' && row.username
          ? {
              platform: row.platform ?? siteOf(row).name,
              username: row.username,
              displayName: row.displayName,
              reasons: row.reasons,
            }
          : null,
      whitelistedBy: view.whitelistEntry
        ? displayWhitelistValue(view.whitelistEntry.kind, view.whitelistEntry.value)
        : null,
      source: row.source,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      reuploadOf: view.reuploadOf,
    };
  }

  /** The views with the earlier finding each re-upload names (one query for a page of them). */
  async function withReuploads(userId: string, views: FindingView[]): Promise<ShownView[]> {
    const origins = await reuploadOrigins(
      deps.db,
      userId,
      views.map((v) => v.row.reuploadOfFindingId),
    );
    return views.map((v) => ({
      ...v,
      reuploadOf: (v.row.reuploadOfFindingId && origins.get(v.row.reuploadOfFindingId)) || null,
    }));
  }

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
   * Moves the creator's findings to what the whitelist says now (see whitelistedState); returns the ids
   * newly whitelisted and how many went back to review.
   */
  async function applyWhitelist(
    userId: string,
    entries?: Entry[],
  ): Promise<{ whitelisted: string[]; restored: number }> {
    const list = entries ?? (await entriesOf(userId));
    const matcher = createWhitelistMatcher(list);
    const changes = new Map<string, { from: FindingStatus; state: ReviewState; ids: string[] }>();
    for (const row of await repo.reconcilable(userId)) {
      const entry = coveringEntry(matcher, row.pageUrl, row.mediaUrl);
      const next = whitelistedState(row, entry?.id ?? null);
      if (!next) continue;
      const key = JSON.stringify([row.status, next.status, next.reviewedBy, next.whitelistEntryId]);
      const group = changes.get(key) ?? { from: row.status, state: next, ids: [] };
      group.ids.push(row.id);
      changes.set(key, group);
    }
    const whitelisted: string[] = [];
    let restored = 0;
    const now = new Date();
    for (const { from, state, ids } of changes.values()) {
      const changed = await repo.applyState(
        userId,
        ids,
        from,
        state,
        state.reviewedBy === 'auto' ? now : null,
      );
      await tellEnforcement(userId, changed, state.status);
      if (state.status === 'whitelisted') {
        if (from !== 'whitelisted') whitelisted.push(...changed);
      } else restored += changed.length;
    }
    remember(userId, list);
    return { whitelisted, restored };
  }

  const signatureOf = (entries: Entry[]) =>
    createHash('sha256')
      .update(
        entries
          .map((e) => e.id)
          .sort()
          .join('\n'),
      )
      .digest('base64url');

  function remember(userId: string, entries: Entry[]): void {
    if (appliedSignatures.size >= APPLIED_CACHE_LIMIT) appliedSignatures.clear();
    appliedSignatures.set(userId, signatureOf(entries));
  }

  /**
   * Applies the whitelist when it changed since this process last applied it: entries added or
   * deleted on the whitelist screen reach the findings before they are shown or reviewed.
   */
  async function ensureWhitelistApplied(userId: string): Promise<void> {
    const entries = await entriesOf(userId);
    if (appliedSignatures.get(userId) === signatureOf(entries)) return;
    await applyWhitelist(userId, entries);
  }

  async function ownedView(userId: string, id: string): Promise<ShownView> {
    const view = await repo.findOwned(userId, id);
    if (!view) throw new AppError('NOT_FOUND', NOT_FOUND);
    return (await withReuploads(userId, [view]))[0]!;
  }

  return {
    /**
     * Records what a scan found, once per creator and dedup key: seen again, it keeps its review and
     * gets the newer sighting (and the stronger match); a mention of a page with a leak adds nothing.
     */
    async record(input: RecordFindingInput): Promise<RecordFindingResult> {
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
      const reuploadOf = await findReuploadOrigin(deps.db, {
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
      await tellEnforcement(userId, [outcome.row.id], outcome.row.status);
      return { id: outcome.row.id, created: outcome.created, status: outcome.row.status };
    },

    /** What a scan found that is still open (waiting for review or confirmed), by kind. */
    async countByKindForScan(scanId: string): Promise<Record<FindingKind, number>> {
      return repo.countOpenByKindForScan(scanId);
    },

    /** The free scan's answer before payment: counts by kind of site and a few examples, pictures first. */
    async freeScanSummary(
      userId: string,
      scanId: string,
    ): Promise<Pick<FreeScanResult, 'byKind' | 'total' | 'examples'>> {
      await ensureWhitelistApplied(userId);
      const rows = await repo.openOfScan(userId, scanId);
      const byKind: Record<string, number> = {};
      for (const row of rows) {
        const kind = siteKindOf(row.siteKind);
        byKind[kind] = (byKind[kind] ?? 0) + 1;
      }
      const examples = rows.slice(0, 4).map((row) => {
        const site = siteOf(row);
        return {
          id: row.id,
          siteName: site.name,
          siteKind: site.kind,
          title: row.pageTitle,
          hasThumbnail: row.thumbnailKey !== null,
        };
      });
      return { byKind, total: rows.length, examples };
    },

    /** The creator's findings, newest first, a page at a time, with counts by status over all of them. */
    async list(userId: string, query: FindingQuery): Promise<FindingPage> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const limit = query.limit ?? FINDINGS_PAGE_SIZE;
      await ensureWhitelistApplied(userId);
      const views = await repo.page(userId, query, after, limit + 1);
      const shown = views.slice(0, limit);
      const last = shown.at(-1);
      return {
        findings: (await withReuploads(userId, shown)).map(toApi),
        nextCursor:
          views.length > limit && last
            ? encodeCursor({ firstSeenAt: last.firstSeenKey, id: last.row.id })
            : null,
        counts: await repo.countByStatus(userId),
      };
    },

    async get(userId: string, id: string): Promise<Finding> {
      return toApi(await ownedView(userId, id));
    },

    /**
     * The creator's review: confirm ("mine"), reject ("not mine"), or whitelist the page (an exact URL
     * entry, unless an entry covers it already), which whitelists every open finding it covers. A
     * whitelisted finding's status follows the whitelist: it is confirmed or rejected only after its
     * entry is removed (409 until then).
     */
    async review(
      reviewer: Reviewer,
      id: string,
      action: ReviewFinding['action'],
    ): Promise<ReviewFindingResult> {
      const { userId } = reviewer;
      await ensureWhitelistApplied(userId);
      const view = await ownedView(userId, id);
      const { row } = view;
      if (action === 'whitelist') return whitelistFinding(reviewer, view);
      if (row.status === 'whitelisted') {
        const entry = view.whitelistEntry
          ? ` (${displayWhitelistValue(view.whitelistEntry.kind, view.whitelistEntry.value)})`
          : '';
        throw new AppError(
          'CONFLICT',
          `This page is on your whitelist${entry}, so nothing is ever sent about it. Remove the whitelist entry first, then review it.`,
        );
      }
      const status: FindingStatus = action === 'confirm' ? 'confirmed' : 'rejected';
      await repo.update(row.id, { status, reviewedBy: 'creator', reviewedAt: new Date() });
      await tellEnforcement(userId, [row.id], status);
      return { finding: toApi(await ownedView(userId, id)), alsoWhitelisted: 0 };
    },

    applyWhitelist,

    /** The finding's thumbnail as JPEG, blurred when asked or when the viewer may not see findings yet. */
    async thumbnail(userId: string, id: string, options: { blur: boolean }): Promise<Buffer> {
      const { row } = await ownedView(userId, id);
      if (!row.thumbnailKey) throw new AppError('NOT_FOUND', 'This finding has no picture.');
      let jpeg: Buffer;
      try {
        jpeg = await buffer(await storage.read(row.thumbnailKey));
      } catch (error) {
        if (error instanceof StoredFileNotFoundError)
          throw new AppError('NOT_FOUND', 'This finding has no picture.');
        throw error;
      }
      return options.blur ? blurred(jpeg) : jpeg;
    },
  };

  async function whitelistFinding(
    reviewer: Reviewer,
    view: ShownView,
  ): Promise<ReviewFindingResult> {
    const { userId } = reviewer;
    const { row } = view;
    if (row.status === 'whitelisted') return { finding: toApi(view), alsoWhitelisted: 0 };
    let entries = await entriesOf(userId);
    if (!coveringEntry(createWhitelistMatcher(entries), row.pageUrl, row.mediaUrl)) {
      try {
        await whitelist.add(reviewer, { value: row.pageUrl, kind: 'url' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Added meanwhile by another request: the entry is there, which is all this needs.
        if (error.code !== 'CONFLICT') {
          if (error.code !== 'VALIDATION_FAILED') throw error;
          throw new AppError(
            'VALIDATION_FAILED',
            `This page’s address cannot be whitelisted: ${error.message}`,
          );
        }
      }
      entries = await entriesOf(userId);
    }
    const { whitelisted } = await applyWhitelist(userId, entries);
    const entry = coveringEntry(createWhitelistMatcher(entries), row.pageUrl, row.mediaUrl);
    // A rejected finding is left alone by the whitelist, but here the creator asks for this one.
    const patch: Partial<FindingRow> = { reviewedBy: 'creator', reviewedAt: new Date() };
    if (entry) Object.assign(patch, { status: 'whitelisted', whitelistEntryId: entry.id });
    await repo.update(row.id, patch);
    if (entry) await tellEnforcement(userId, [row.id], 'whitelisted');
    return {
      finding: toApi(await ownedView(userId, row.id)),
      alsoWhitelisted: whitelisted.filter((changed) => changed !== row.id).length,
    };
  }
}

/**
 * A picture nobody can make out: shrunk to a few pixels (the detail is gone, not hidden), then
 * enlarged back and softened, so the free scan shows that something was found, not what.
 */
export async function blurred(jpeg: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(jpeg).metadata();
  const tiny = await sharp(jpeg).resize(12, 12, { fit: 'inside' }).toBuffer();
  return sharp(tiny)
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .blur(Math.max(2, Math.round(Math.max(width, height) / 40)))
    .jpeg({ quality: 70 })
    .toBuffer();
}

export type FindingService = ReturnType<typeof createFindingService>;
