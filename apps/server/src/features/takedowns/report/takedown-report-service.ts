// The dashboard's summary and the takedown report: the rules (what counts as found, pending, the removal
// rate), the report's pages and the rows of its exports, read in keyset batches so that an export of any
// size holds one batch at a time.
import {
  DASHBOARD_BUCKETS,
  TAKEDOWN_STATUS_LABELS,
  removalRateDefinition,
  type DashboardRange,
  type DashboardSummary,
  type TakedownFilters,
  type TakedownReportPage,
  type TakedownReportQuery,
  type TakedownReportRow,
} from '@shark/contracts/takedown-report.ts';
import { SITE_KINDS } from '@shark/contracts/findings.ts';
import { isOnionHost } from '@shark/engine/fetch/onion.ts';
import { AppError } from '#server/http/app-error.ts';
import type { DarkWebFiguresRepository } from './dark-web-figures-repository.ts';
import { decodeReportCursor, encodeReportCursor } from './report-cursor.ts';
import type {
  Bucket,
  ReportRow,
  SortKey,
  TakedownReportRepository,
} from './takedown-report-repository.ts';

const HOUR_MS = 3_600_000;
const RECENT_ACTIVITY = 20;
/** Rows an export reads per query: small enough to hold, large enough that 100,000 rows take 100 queries. */
export const EXPORT_BATCH_SIZE = 1000;

/** The first day (UTC) of each bucket of the range, oldest first, ending with the bucket of `now`. */
export function bucketStarts(range: DashboardRange, now: Date): string[] {
  const bucket = DASHBOARD_BUCKETS[range];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const starts: Date[] = [];
  if (bucket === 'day') {
    for (let i = 29; i >= 0; i--) starts.push(new Date(today - i * 24 * HOUR_MS));
  } else if (bucket === 'week') {
    // Weeks start on Monday, as Postgres's date_trunc('week') counts them.
    const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * 24 * HOUR_MS;
    for (let i = 12; i >= 0; i--) starts.push(new Date(monday - i * 7 * 24 * HOUR_MS));
  } else {
    for (let i = 11; i >= 0; i--)
      starts.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)));
  }
  return starts.map((d) => d.toISOString().slice(0, 10));
}

export function toReportRow(row: ReportRow): TakedownReportRow {
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    pageUrl: row.pageUrl,
    host: row.host,
    siteKind: row.siteKind,
    isDarkWeb: isOnionHost(row.host),
    confirmedAt: row.confirmedAt.toISOString(),
    noticeSentAt: row.noticeSentAt?.toISOString() ?? null,
    removedAt: row.removedAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    recipient:
      row.recipientName !== null &&
      row.recipientRole !== null &&
      row.recipientChannel !== null &&
      row.recipientAddress !== null
        ? {
            name: row.recipientName,
            role: row.recipientRole,
            channel: row.recipientChannel,
            address: row.recipientAddress,
          }
        : null,
  };
}

const keyOf = (row: ReportRow): SortKey => ({ value: row.sortValue, id: row.id });

export function createTakedownReportService(deps: {
  repo: TakedownReportRepository;
  /** Hours a recipient has to act after a notice (TAKEDOWN_RESPONSE_HOURS): the removal rate counts only older notices. */
  responseWindowHours: number;
  /** The scans' next scheduled scan of this creator (null: none scheduled). */
  nextScanAt: (userId: string) => Promise<string | null>;
  /** Whether her plan includes deep fake protection (default: none does). */
  hasDeepfakeProtection?: (userId: string) => Promise<boolean>;
  /** Her dark web figures, and whether her scans search onion sites (default: no dark web). */
  darkWeb?: {
    figures: Pick<DarkWebFiguresRepository, 'darkWebFigures'>;
    isScanning: (userId: string) => Promise<boolean>;
  };
  exportBatchSize?: number;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const batchSize = deps.exportBatchSize ?? EXPORT_BATCH_SIZE;
  const hasDeepfakeProtection = deps.hasDeepfakeProtection ?? (() => Promise.resolve(false));

  /** Shown to whoever has dark web scanning, and to anyone an onion copy was ever found for. */
  async function darkWebSummary(userId: string): Promise<DashboardSummary['darkWeb']> {
    if (!deps.darkWeb) return null;
    const [figures, isScanning] = await Promise.all([
      deps.darkWeb.figures.darkWebFigures(userId),
      deps.darkWeb.isScanning(userId),
    ]);
    if (!isScanning && figures.any === 0) return null;
    const { any: _any, ...shown } = figures;
    return { isScanning, ...shown };
  }

  /** One page of the report in the asked order, with links to the pages on either side. */
  async function list(userId: string, query: TakedownReportQuery): Promise<TakedownReportPage> {
    const { cursor: rawCursor, limit, ...filters } = query;
    const order = { sort: filters.sort, dir: filters.dir };
    const cursor = rawCursor ? decodeReportCursor(rawCursor, order) : null;
    const side = cursor?.side ?? 'after';
    const [fetched, total] = await Promise.all([
      repo.page(userId, filters, cursor, side, limit + 1),
      repo.count(userId, filters),
    ]);
    // One row past the page says whether more lie that way; it is dropped from the page's far end.
    const hasMoreThatWay = fetched.length > limit;
    // Back at the start (rows were added or removed meanwhile): the first page, full, as it is now.
    if (side === 'before' && !hasMoreThatWay) return list(userId, { ...query, cursor: undefined });
    const rows = hasMoreThatWay
      ? side === 'after'
        ? fetched.slice(0, limit)
        : fetched.slice(fetched.length - limit)
      : fetched;
    const first = rows[0];
    const last = rows.at(-1);
    let hasPrev: boolean;
    let hasNext: boolean;
    if (side === 'after') {
      hasNext = hasMoreThatWay;
      hasPrev =
        cursor !== null && first !== undefined
          ? await repo.hasRows(userId, filters, keyOf(first), 'before')
          : false;
    } else {
      hasPrev = hasMoreThatWay;
      hasNext =
        last !== undefined ? await repo.hasRows(userId, filters, keyOf(last), 'after') : false;
    }
    return {
      takedowns: rows.map(toReportRow),
      total,
      nextCursor:
        hasNext && last ? encodeReportCursor({ ...keyOf(last), side: 'after', ...order }) : null,
      prevCursor:
        hasPrev && first ? encodeReportCursor({ ...keyOf(first), side: 'before', ...order }) : null,
    };
  }

  return {
    responseWindowHours: deps.responseWindowHours,

    async summary(userId: string, range: DashboardRange): Promise<DashboardSummary> {
      const at = now();
      const cutoff = new Date(at.getTime() - deps.responseWindowHours * HOUR_MS);
      const bucket: Bucket = DASHBOARD_BUCKETS[range];
      const starts = bucketStarts(range, at);
      const darkWebFigures = darkWebSummary(userId);
      const [found, totals, series, bySiteKind, activity, nextScanAt, likeness, hasProtection] =
        await Promise.all([
          repo.countFound(userId),
          repo.totals(userId, cutoff),
          repo.series(userId, bucket, new Date(`${starts[0]}T00:00:00Z`)),
          repo.bySiteKind(userId),
          repo.recentActivity(userId, RECENT_ACTIVITY),
          deps.nextScanAt(userId),
          repo.likenessFindingCounts(userId),
          hasDeepfakeProtection(userId),
        ]);
      const darkWeb = await darkWebFigures;
      const denominator = totals.enforcedBeforeCutoff;
      return {
        totals: {
          found,
          confirmed: totals.confirmed,
          noticesSent: totals.noticesSent,
          removed: totals.removed,
          pending: totals.pending,
        },
        removalRate: {
          rate: denominator === 0 ? null : totals.removedOfEnforced / denominator,
          numerator: totals.removedOfEnforced,
          denominator,
          responseWindowHours: deps.responseWindowHours,
          definition: removalRateDefinition(deps.responseWindowHours),
        },
        series: {
          range,
          bucket,
          points: starts.map((start) => ({
            start,
            found: series.found.get(start) ?? 0,
            removed: series.removed.get(start) ?? 0,
            noticesSent: series.noticesSent.get(start) ?? 0,
          })),
        },
        bySiteKind: SITE_KINDS.map((siteKind) => ({
          siteKind,
          found: bySiteKind.found.get(siteKind) ?? 0,
          removed: bySiteKind.removed.get(siteKind) ?? 0,
        })),
        recentActivity: activity.map((e) => ({
          id: e.id,
          takedownId: e.takedownId,
          at: e.at.toISOString(),
          host: e.host,
          pageUrl: e.pageUrl,
          status: e.toStatus,
          fromStatus: e.fromStatus,
          statusLabel: TAKEDOWN_STATUS_LABELS[e.toStatus],
          detail: e.detail,
        })),
        nextScanAt,
        // Shown to whoever has the protection, and to anyone a likeness was ever found for.
        likeness:
          hasProtection || likeness.any > 0
            ? {
                hasProtection,
                awaitingReview: likeness.awaitingReview,
                withShark: likeness.withShark,
                found: likeness.found,
                takedowns: totals.likeness,
                pending: totals.likenessPending,
                removed: totals.likenessRemoved,
              }
            : null,
        darkWeb,
      };
    },

    list,

    /** Every row of the filters, in their order, a batch at a time (the next batch is read when asked for). */
    async *exportBatches(userId: string, filters: TakedownFilters): AsyncGenerator<ReportRow[]> {
      let after: SortKey | null = null;
      for (;;) {
        const rows = await repo.page(userId, filters, after, 'after', batchSize);
        if (rows.length > 0) yield rows;
        if (rows.length < batchSize) return;
        after = keyOf(rows[rows.length - 1]!);
      }
    },

    count: (userId: string, filters: TakedownFilters) => repo.count(userId, filters),
  };
}

export type TakedownReportService = ReturnType<typeof createTakedownReportService>;

/**
 * The next scheduled scan as the scans service works it out (its list's nextScheduledAt); null for a
 * creator whose plan does not scan (the scans answer FORBIDDEN for her).
 */
export function nextScheduledScan(scans: {
  list(userId: string): Promise<{ nextScheduledAt: string | null }>;
}) {
  return async (userId: string): Promise<string | null> => {
    try {
      return (await scans.list(userId)).nextScheduledAt;
    } catch (thrown) {
      if (thrown instanceof AppError && thrown.code === 'FORBIDDEN') return null;
      throw thrown;
    }
  };
}
