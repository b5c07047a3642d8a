// The rules of the Scam Registry: creators read published entries and their own reports, and report
// new ones (at most RISK_REPORTS_PER_DAY in 24 hours), which wait for an operator's review; operators
// publish, reject with a reason, or add entries that are published at once. Evidence links are stored
// and shown, never fetched.
import { randomUUID } from 'node:crypto';
import {
  RISK_REGISTRY_PAGE_SIZE,
  RISK_REPORTS_PER_DAY,
  addRiskEntrySchema,
  reviewRiskEntrySchema,
  type OperatorRiskEntry,
  type ReportRiskEntryInput,
  type RiskEntry,
  type RiskEntryDetail,
  type RiskRegistryPage,
  type RiskRegistryQuery,
  type RiskReport,
  type RiskReportList,
} from '@shark/contracts/risk-registry.ts';
import type { z } from 'zod';
import { AppError } from '#server/http/app-error.ts';
import { validationError } from '#server/http/validation.ts';
import type {
  RiskEntryRow,
  RiskEntryWithReporter,
  RiskRegistryRepository,
} from './risk-registry-repository.ts';

const DAY_MS = 24 * 3600 * 1000;
const NOT_FOUND = 'This registry entry does not exist.';

function toEntry(row: RiskEntryRow): RiskEntry {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    identifiers: row.identifiers,
    description: row.description,
    evidenceUrls: row.evidenceUrls,
    firstSeenOn: row.firstSeenOn,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toReport(row: RiskEntryRow): RiskReport {
  return { ...toEntry(row), status: row.status, reviewNote: row.reviewNote };
}

function toOperator(row: RiskEntryWithReporter): OperatorRiskEntry {
  return {
    ...toReport(row),
    reportedBy: row.reporterEmail,
    reviewedBy: row.reviewedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function createRiskRegistryService(deps: {
  repo: RiskRegistryRepository;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function operatorEntry(id: string): Promise<RiskEntryWithReporter> {
    const row = await repo.findWithReporter(id);
    if (!row) throw new AppError('NOT_FOUND', `No registry entry with id ${id}.`);
    return row;
  }

  return {
    async search(query: RiskRegistryQuery): Promise<RiskRegistryPage> {
      const { rows, total } = await repo.searchPublished(
        { q: query.q, kind: query.kind },
        (query.page - 1) * RISK_REGISTRY_PAGE_SIZE,
        RISK_REGISTRY_PAGE_SIZE,
      );
      return {
        entries: rows.map(toEntry),
        total,
        page: query.page,
        pageSize: RISK_REGISTRY_PAGE_SIZE,
      };
    },

    /** A published entry, or one of her own reports; anything else is a 404 (never a hint that it exists). */
    async show(userId: string, id: string): Promise<RiskEntryDetail> {
      const row = await repo.findVisible(id, userId);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { ...toReport(row), isOwnReport: row.reportedBy === userId };
    },

    async myReports(userId: string): Promise<RiskReportList> {
      const reports = (await repo.listByReporter(userId)).map(toReport);
      const recent = await repo.countReportedSince(userId, new Date(now().getTime() - DAY_MS));
      return {
        reports,
        remainingToday: Math.max(0, RISK_REPORTS_PER_DAY - recent),
        perDay: RISK_REPORTS_PER_DAY,
      };
    },

    /** Saves her report as pending; refused past RISK_REPORTS_PER_DAY reports in 24 hours. */
    async report(userId: string, input: ReportRiskEntryInput): Promise<RiskReport> {
      const row = await repo.lockedForReporter(userId, async (r) => {
        const at = now();
        const recent = await r.countReportedSince(userId, new Date(at.getTime() - DAY_MS));
        if (recent >= RISK_REPORTS_PER_DAY) {
          throw new AppError(
            'RATE_LIMITED',
            `You can send ${RISK_REPORTS_PER_DAY} reports in 24 hours. Please try again tomorrow; your reports so far are being reviewed.`,
            { retryAfterSeconds: 3600 },
          );
        }
        return r.insert({
          id: randomUUID(),
          kind: input.kind,
          name: input.name,
          identifiers: input.identifiers,
          description: input.description,
          evidenceUrls: input.evidenceUrls,
          firstSeenOn: input.firstSeenOn,
          status: 'pending',
          reportedBy: userId,
          createdAt: at,
          updatedAt: at,
        });
      });
      return toReport(row);
    },

    // --- The operator's commands (shark registry …): bodies checked by the contracts. ---

    async pending(): Promise<OperatorRiskEntry[]> {
      return (await repo.listByStatus('pending')).map(toOperator);
    },

    /** The account that reported the entry (null: an operator's own entry, or a deleted account). */
    async reporterOf(id: string): Promise<string | null> {
      return (await operatorEntry(id)).reportedBy;
    },

    async operatorShow(id: string): Promise<OperatorRiskEntry> {
      return toOperator(await operatorEntry(id));
    },

    /** Publishes a pending (or earlier rejected) entry; the note is shown to the reporter. */
    async publish(body: unknown): Promise<OperatorRiskEntry> {
      const { id, note, reviewedBy } = parse(reviewRiskEntrySchema, body);
      const entry = await operatorEntry(id);
      if (entry.status === 'published')
        throw new AppError('CONFLICT', `The entry ${id} is already published.`);
      const at = now();
      const row = await repo.review(id, entry.status, {
        status: 'published',
        reviewNote: note,
        reviewedBy,
        publishedAt: at,
        at,
      });
      if (!row)
        throw new AppError(
          'CONFLICT',
          `The entry ${id} changed while it was being reviewed. Run the command again.`,
        );
      return toOperator({ ...row, reporterEmail: entry.reporterEmail });
    },

    /** Rejects a pending entry, or withdraws a published one; the reason is shown to the reporter. */
    async reject(body: unknown): Promise<OperatorRiskEntry> {
      const { id, note, reviewedBy } = parse(reviewRiskEntrySchema, body);
      if (!note)
        throw new AppError('VALIDATION_FAILED', 'A reason is required: the reporter sees it.', {
          fields: { note: 'A reason is required.' },
        });
      const entry = await operatorEntry(id);
      if (entry.status === 'rejected')
        throw new AppError('CONFLICT', `The entry ${id} is already rejected.`);
      const at = now();
      const row = await repo.review(id, entry.status, {
        status: 'rejected',
        reviewNote: note,
        reviewedBy,
        publishedAt: null,
        at,
      });
      if (!row)
        throw new AppError(
          'CONFLICT',
          `The entry ${id} changed while it was being reviewed. Run the command again.`,
        );
      return toOperator({ ...row, reporterEmail: entry.reporterEmail });
    },

    /** An operator's own entry: published at once, reported by nobody. */
    async add(body: unknown): Promise<OperatorRiskEntry> {
      const input = parse(addRiskEntrySchema, body);
      const at = now();
      const row = await repo.insert({
        id: randomUUID(),
        kind: input.kind,
        name: input.name,
        identifiers: input.identifiers,
        description: input.description,
        evidenceUrls: input.evidenceUrls,
        firstSeenOn: input.firstSeenOn,
        status: 'published',
        reportedBy: null,
        reviewNote: input.reviewNote,
        reviewedBy: input.reviewedBy,
        publishedAt: at,
        createdAt: at,
        updatedAt: at,
      });
      return toOperator({ ...row, reporterEmail: null });
    },
  };
}

export type RiskRegistryService = ReturnType<typeof createRiskRegistryService>;
