// The rules of findings: one per page and reference (or profile) per creator whatever worker records
// it; whitelisted pages recorded as such and never enforced; sure matches confirmed automatically,
// the rest reviewed by the creator; thumbnails kept small and shown blurred before payment.
import { buffer } from 'node:stream/consumers';
import sharp from '@shark/engine/media/sharp.ts';
import {
  FINDINGS_PAGE_SIZE,
  type AskFindingReviewResult,
  type Finding,
  type FindingKind,
  type FindingPage,
  type FindingQuery,
  type FaceCrop,
  type FindingStatus,
  type FreeScanResult,
  type LikenessNature,
  type ReviewFinding,
  type ReviewFindingResult,
} from '@shark/contracts/findings.ts';
import { displayWhitelistValue } from '@shark/engine/whitelist/whitelist-entry.ts';
import { createWhitelistMatcher } from '@shark/engine/whitelist/whitelist-match.ts';
import { AppError } from '#server/http/app-error.ts';
import { StoredFileNotFoundError } from '#server/features/storage/file-storage.ts';
import type { FindingRow } from './finding-repository.ts';
import { createFindingRecorder } from './finding-recording.ts';
import { decodeCursor, encodeCursor, siteKindOf } from './finding-rules.ts';
import type { FindingServiceDeps, Reviewer } from './finding-types.ts';
import { createFindingPresenter, type ShownView } from './finding-view.ts';
import { coveringEntry, createFindingWhitelisting } from './finding-whitelisting.ts';

export type * from './finding-types.ts';
export { thumbnailKeyOf } from './finding-recording.ts';

const NOT_FOUND = 'This finding does not exist.';

export function createFindingService(deps: FindingServiceDeps) {
  const { storage, logger, whitelist } = deps;
  const repo = deps.findings;

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

  const { entriesOf, applyWhitelist, ensureWhitelistApplied } = createFindingWhitelisting({
    repo,
    whitelist,
    tellEnforcement,
  });
  const { siteOf, toApi, withLinks } = createFindingPresenter(
    deps.reuploads,
    deps.siteName,
    deps.mirroredOnions,
  );

  async function ownedView(userId: string, id: string): Promise<ShownView> {
    const view = await repo.findOwned(userId, id);
    if (!view) throw new AppError('NOT_FOUND', NOT_FOUND);
    return (await withLinks(userId, [view]))[0]!;
  }

  return {
    /**
     * Records what a scan found, once per creator and dedup key: seen again, it keeps its review and
     * gets the newer sighting (and the stronger match); a mention of a page with a leak adds nothing.
     */
    record: createFindingRecorder({
      reuploads: deps.reuploads,
      repo,
      storage,
      logger,
      entriesOf,
      tellEnforcement,
    }),

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
        findings: (await withLinks(userId, shown)).map(toApi),
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
     * entry is removed (409 until then). Confirming a likeness finding says what it is (her own
     * content, a forgery, intimate content shared without consent): the law its takedown invokes.
     */
    async review(
      reviewer: Reviewer,
      id: string,
      action: ReviewFinding['action'],
      options: { likenessNature?: LikenessNature | undefined } = {},
    ): Promise<ReviewFindingResult> {
      const { userId } = reviewer;
      await ensureWhitelistApplied(userId);
      const view = await ownedView(userId, id);
      const { row } = view;
      const likenessNature = checkedNature(row, action, options.likenessNature);
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
      await repo.update(row.id, {
        status,
        reviewedBy: 'creator',
        reviewedAt: new Date(),
        ...(likenessNature ? { likenessNature } : {}),
      });
      await tellEnforcement(userId, [row.id], status);
      return { finding: toApi(await ownedView(userId, id)), alsoWhitelisted: 0 };
    },

    /**
     * The creator asks Shark's team to review a finding she is unsure of (it then enters the staff work
     * queue); only a finding waiting for her review, and asking twice keeps the first time. It counts
     * against no limit.
     */
    async askStaffReview(userId: string, id: string): Promise<AskFindingReviewResult> {
      const { row } = await ownedView(userId, id);
      if (row.status !== 'pending_review')
        throw new AppError(
          'CONFLICT',
          'Only a finding waiting for your review can be sent to Shark for a review.',
        );
      if (!row.staffReviewRequestedAt)
        await repo.update(row.id, { staffReviewRequestedAt: new Date() });
      return { finding: toApi(await ownedView(userId, id)) };
    },

    applyWhitelist,

    /** The finding's thumbnail as JPEG, blurred when asked or when the viewer may not see findings yet. */
    async thumbnail(userId: string, id: string, options: { blur: boolean }): Promise<Buffer> {
      const { row } = await ownedView(userId, id);
      const jpeg = await readPicture(row.thumbnailKey, 'This finding has no picture.');
      return options.blur ? blurred(jpeg) : jpeg;
    },

    /**
     * A likeness finding's evidence as JPEG: the face found on the page, or the enrolled face of hers
     * it resembles (none once she withdrew her enrolment).
     */
    async faceCrop(userId: string, id: string, which: FaceCrop): Promise<Buffer> {
      const { row } = await ownedView(userId, id);
      if (row.kind !== 'likeness')
        throw new AppError('NOT_FOUND', 'This finding is not about your face.');
      if (which === 'found')
        return readPicture(row.faceCropKey, 'This finding has no picture of the face found.');
      const key = row.enrolledFaceId
        ? await repo.enrolledFaceCropKey(userId, row.enrolledFaceId)
        : null;
      return readPicture(key, 'The enrolled face this finding resembles is not kept any more.');
    },
  };

  async function readPicture(key: string | null, missing: string): Promise<Buffer> {
    if (!key) throw new AppError('NOT_FOUND', missing);
    try {
      return await buffer(await storage.read(key));
    } catch (error) {
      if (error instanceof StoredFileNotFoundError) throw new AppError('NOT_FOUND', missing);
      throw error;
    }
  }

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

const NATURE_REQUIRED =
  'Say what this picture is before confirming it: your own content, a forgery of your likeness, or intimate content shared without your consent.';

/** The nature a review gives, checked: required to confirm a likeness finding, refused otherwise. */
function checkedNature(
  row: Pick<FindingRow, 'kind'>,
  action: ReviewFinding['action'],
  nature: LikenessNature | undefined,
): LikenessNature | null {
  if (row.kind !== 'likeness' || action !== 'confirm') {
    if (nature === undefined) return null;
    const message =
      row.kind === 'likeness'
        ? 'What a picture is is said only when confirming it.'
        : 'Only a finding of your face takes what the picture is (likenessNature).';
    throw new AppError('VALIDATION_FAILED', message, { fields: { likenessNature: message } });
  }
  if (nature === undefined)
    throw new AppError('VALIDATION_FAILED', NATURE_REQUIRED, {
      fields: { likenessNature: NATURE_REQUIRED },
    });
  return nature;
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
