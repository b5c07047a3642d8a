// Report Leaks and Report Impersonation: the rules of what the creator reports. Each address of a leak
// report is judged on its own (accepted, a duplicate, not valid, or covered by her whitelist) and the
// accepted ones are queued for the report.fetch job; the impersonation reports are made in
// impersonation-reports.ts and make part of this service.
import { randomUUID } from 'node:crypto';
import {
  REPORTS_PAGE_SIZE,
  type ReportedUrl,
  type ReportedUrlPage,
  type ReportLeaksResult,
  type ReportLineResult,
  type ReportListQuery,
} from '@shark/contracts/report-leaks.ts';
import type { WhitelistEntry } from '@shark/contracts/whitelist.ts';
import type { SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { createWhitelistMatcher } from '@shark/engine/whitelist/whitelist-match.ts';
import { AppError } from '#server/http/app-error.ts';
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { WhitelistService } from '#server/features/whitelist/whitelist-service.ts';
import { createImpersonationReports } from './impersonation-reports.ts';
import { judgeAddress, type ReportLine } from './report-input.ts';
import { decodeReportCursor, encodeReportCursor } from './report-cursor.ts';
import type { ReportRepository, ReportedUrlView } from './report-repository.ts';
import { NOT_FOUND, dateOf } from './report-messages.ts';
import type { ReportFindings } from './reported-url-job.ts';

export interface ReportServiceDeps {
  repo: ReportRepository;
  findings: ReportFindings;
  whitelist: Pick<WhitelistService, 'list'>;
  catalog: () => SiteCatalog;
  /** Queues the report.fetch job of a reported address (its id is the job's stable key). */
  sendFetch: (reportedUrlId: string) => Promise<void>;
  /** Refuses with PLAN_LIMIT_REACHED when `used + adding` passes the plan's limit. */
  assertWithin: Entitlements['assertWithin'];
  logger: Logger;
  now?: () => Date;
}

/** The first moment of the calendar month (UTC) of `at`: manual removals are counted per month. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export { REPORTED_BY_CREATOR } from './report-messages.ts';

function reportedUrlToApi(view: ReportedUrlView): ReportedUrl {
  const { row } = view;
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    detail: row.detail,
    findingId: row.findingId,
    findingStatus: view.finding?.status ?? null,
    reference: view.finding?.reference ?? null,
    confidence: row.status === 'matched' ? (view.finding?.confidence ?? null) : null,
    takedown: view.takedown,
    ownershipConfirmedAt: row.ownershipConfirmedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createReportService(deps: ReportServiceDeps) {
  const { repo, logger } = deps;

  async function whitelistMatcher(userId: string) {
    return createWhitelistMatcher<WhitelistEntry>((await deps.whitelist.list(userId)).entries);
  }

  async function send(ids: string[]): Promise<void> {
    for (const id of ids) {
      try {
        await deps.sendFetch(id);
      } catch (error) {
        // The row is saved as queued; the sweep at start-up sends its job again.
        logger.error('report.fetch could not be queued', {
          reportedUrlId: id,
          error: safeErrorMessage(error),
        });
      }
    }
  }

  return {
    ...createImpersonationReports(deps, whitelistMatcher),
    /**
     * A leak report: every line gets a verdict; accepted addresses become queued reports whose job
     * fetches and matches them. A line repeating an earlier one, or a page she reported before, is a
     * duplicate (a report that failed without reaching the page is checked again instead).
     */
    async reportLeaks(entitled: Entitled, lines: ReportLine[]): Promise<ReportLeaksResult> {
      const { userId } = entitled;
      const now = deps.now?.() ?? new Date();
      const matcher = await whitelistMatcher(userId);
      const results: (ReportLineResult | null)[] = lines.map(() => null);
      const firstLineOf = new Map<string, number>();
      const candidates: { index: number; url: string; key: string }[] = [];

      lines.forEach((line, index) => {
        const judged = judgeAddress(line.input);
        if (!judged.ok) {
          results[index] = {
            line: line.line,
            input: line.input,
            status: 'invalid',
            message: judged.message,
            report: null,
          };
          return;
        }
        const covered = matcher.match(judged.url);
        if (covered) {
          results[index] = {
            line: line.line,
            input: line.input,
            status: 'whitelisted',
            message: `Your whitelist entry ${covered.entry.display} covers this address (${covered.reason}), so it is never taken down. Remove the entry first if this copy is not allowed.`,
            report: null,
          };
          return;
        }
        const earlier = firstLineOf.get(judged.key);
        if (earlier !== undefined) {
          results[index] = {
            line: line.line,
            input: line.input,
            status: 'duplicate',
            message: `The same page as line ${earlier}.`,
            report: null,
          };
          return;
        }
        firstLineOf.set(judged.key, line.line);
        candidates.push({ index, url: judged.url, key: judged.key });
      });

      const before = new Map(
        (
          await repo.reportedUrlsByKey(
            userId,
            candidates.map((c) => c.key),
          )
        ).map((view) => [view.row.normalizedUrl, view]),
      );
      const fresh = candidates.filter((c) => !before.has(c.key));
      if (fresh.length > 0) {
        const used = await repo.manualRemovalsSince(userId, monthStart(now));
        deps.assertWithin(entitled, 'manualRemovalsPerMonth', used, fresh.length);
      }
      // Ids sort the rows of one report (which share their creation time) in the order they were sent.
      const inserted = await repo.insertReportedUrls(
        fresh.map((c, order) => ({
          id: `ru_${String(999 - order).padStart(3, '0')}_${randomUUID()}`,
          userId,
          url: c.url,
          normalizedUrl: c.key,
          status: 'queued' as const,
          ownershipConfirmedAt: now,
        })),
      );
      const insertedByKey = new Map(inserted.map((row) => [row.normalizedUrl, row.id]));
      const requeued: string[] = [];
      for (const c of candidates) {
        const view = before.get(c.key);
        if (
          view &&
          view.row.status === 'failed' &&
          view.row.findingId === null &&
          (await repo.requeueReportedUrl(view.row.id, now))
        ) {
          requeued.push(view.row.id);
        }
      }
      const toSend = [...inserted.map((row) => row.id), ...requeued];
      await send(toSend);

      // Read back with their joins: what was accepted, and what each duplicate repeats.
      const views = new Map(
        (
          await repo.reportedUrlsByKey(
            userId,
            candidates.map((c) => c.key),
          )
        ).map((view) => [view.row.normalizedUrl, view]),
      );
      for (const c of candidates) {
        const line = lines[c.index]!;
        const view = views.get(c.key);
        const report = view ? reportedUrlToApi(view) : null;
        if (insertedByKey.has(c.key)) {
          results[c.index] = {
            line: line.line,
            input: line.input,
            status: 'accepted',
            message: 'Queued: we fetch the page and compare it with your files.',
            report,
          };
        } else if (view && requeued.includes(view.row.id)) {
          results[c.index] = {
            line: line.line,
            input: line.input,
            status: 'accepted',
            message:
              'You reported this page before but it could not be checked; it is checked again.',
            report,
          };
        } else {
          const when = view ? ` on ${dateOf(view.row.createdAt)}` : '';
          results[c.index] = {
            line: line.line,
            input: line.input,
            status: 'duplicate',
            message: `You reported this page before${when}.`,
            report,
          };
        }
      }

      const settled = results.filter((r): r is ReportLineResult => r !== null);
      const counts = { accepted: 0, duplicate: 0, invalid: 0, whitelisted: 0 };
      for (const r of settled) counts[r.status]++;
      return { results: settled, counts };
    },

    /** Her reported addresses, newest first, a page at a time, with counts by status. */
    async listLeaks(userId: string, query: ReportListQuery): Promise<ReportedUrlPage> {
      const after = query.cursor ? decodeReportCursor(query.cursor) : null;
      const limit = query.limit ?? REPORTS_PAGE_SIZE;
      const views = await repo.pageReportedUrls(userId, after, limit + 1);
      const shown = views.slice(0, limit);
      const last = shown.at(-1);
      return {
        reports: shown.map(reportedUrlToApi),
        nextCursor:
          views.length > limit && last
            ? encodeReportCursor({ createdAt: last.createdKey, id: last.row.id })
            : null,
        counts: await repo.countReportedUrls(userId),
      };
    },

    /** One of her reported addresses; another account's is not found. */
    async getLeak(userId: string, id: string): Promise<ReportedUrl> {
      const view = await repo.reportedUrlView(userId, id);
      if (!view) throw new AppError('NOT_FOUND', NOT_FOUND);
      return reportedUrlToApi(view);
    },

    /** Sends the jobs of reports left queued by a process that died between saving and sending. */
    async recoverQueued(untouchedForSeconds: number): Promise<number> {
      // A second send of a job still waiting is a no-op (its stable key), so sending all of them is safe.
      const ids = await repo.queuedReportedUrls(
        new Date(Date.now() - untouchedForSeconds * 1000),
        10_000,
      );
      await send(ids);
      return ids.length;
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
