// Scans as the creator sees them: "Scan now" within the plan's limit, the schedule at the plan's
// frequency, the free scan in onboarding, and the live progress of each (counted from the task rows).
import { randomUUID } from 'node:crypto';
import type { FreeScanResult } from '@shark/contracts/findings.ts';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import type { Scan, ScanList } from '@shark/contracts/scans.ts';
import { SCAN_STAGES, siteUnreachableReasonSchema } from '@shark/contracts/scans.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { ScanRepository, ScanRow } from './scan-repository.ts';
import type { FindingsPort, SourcesPort } from './scan-ports.ts';
import type { ScanSiteRepository, ScanSiteRow } from './scan-site-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTH_MS = 30 * DAY_MS;

export interface FreeScanSettings {
  /** Discovery requests (search APIs and catalog pages) the free scan may send. */
  queryBudget: number;
  /** How long it may run. */
  seconds: number;
}

export interface FreeScanSummary {
  freeScanSummary(
    userId: string,
    scanId: string,
  ): Promise<Pick<FreeScanResult, 'byKind' | 'total' | 'examples'>>;
}

/** The scan's sites as the creator sees them: those it gave up, and those it searched further. */
export function scanSitesView(rows: ScanSiteRow[], pageBudget: number): Scan['sites'] {
  const unreachable: Scan['sites']['unreachable'] = [];
  for (const row of rows) {
    const reason = siteUnreachableReasonSchema.safeParse(row.unreachableReason);
    if (!reason.success) continue;
    unreachable.push({
      site: row.site,
      origin: row.origin,
      reason: reason.data,
      message: row.unreachableMessage ?? '',
      skippedTasks: row.skippedTasks,
      at: (row.unreachableAt ?? new Date(0)).toISOString(),
    });
  }
  return {
    unreachable,
    expanded: rows
      .filter((row) => row.expanded)
      .map((row) => ({
        site: row.site,
        origin: row.origin,
        pages: row.expansionPages,
        budget: pageBudget,
      })),
  };
}

export function createScanService(deps: {
  repo: ScanRepository;
  sites: Pick<ScanSiteRepository, 'listForScan'>;
  /** Pages a scan may fetch on one site it searches further (SCAN_SITE_PAGE_BUDGET). */
  sitePageBudget: number;
  entitlements: Entitlements;
  catalog: PlanCatalog;
  sources: SourcesPort;
  findings: FindingsPort & FreeScanSummary;
  sendStart: (scanId: string) => Promise<void>;
  freeScan: FreeScanSettings;
  logger: Logger;
}) {
  const { repo } = deps;

  function startOfMonth(now = new Date()): Date {
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }

  /** How often the plan scans on its own: the month divided by its scans per month. */
  function intervalOf(plan: string | null): number | null {
    const tier =
      plan && plan in deps.catalog.tiers
        ? deps.catalog.tiers[plan as keyof PlanCatalog['tiers']]
        : null;
    const perMonth = tier?.limits.scansPerMonth;
    if (!perMonth || perMonth <= 0) return null;
    return MONTH_MS / perMonth;
  }

  async function create(
    userId: string,
    trigger: ScanRow['trigger'],
    budget: { queryBudget: number | null; deadlineAt: Date | null },
  ): Promise<ScanRow> {
    const created = await repo.create({ id: randomUUID(), userId, trigger, ...budget });
    if (!created)
      throw new AppError(
        'CONFLICT',
        'A scan is already running. Wait for it to finish before starting another.',
      );
    await deps.sendStart(created.id);
    return created;
  }

  async function view(row: ScanRow): Promise<Scan> {
    const counts = await repo.progress(row.id);
    const stages = Object.fromEntries(
      SCAN_STAGES.map((stage) => [
        stage,
        { queued: 0, running: 0, done: 0, failed: 0, skipped: 0 },
      ]),
    ) as Scan['stages'];
    for (const { stage, status, n } of counts) stages[stage][status] = n;
    const names = new Map(deps.sources.all().map((s) => [s.id as string, s.name]));
    for (const site of deps.sources.catalog.sites) names.set(`catalog:${site.id}`, site.name);
    const used = await repo.sourceUse(row.id);
    const errors = await repo.latestErrors(row.id, 20);
    return {
      id: row.id,
      trigger: row.trigger,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      error: row.error,
      queryBudget: row.queryBudget,
      deadlineAt: row.deadlineAt?.toISOString() ?? null,
      stages,
      sources: used.map((u) => ({
        id: u.source,
        name: names.get(u.source) ?? u.source,
        queries: u.queries,
        results: u.results,
      })),
      findings: await deps.findings.countByKindForScan(row.id),
      errors: errors.map((e) => ({
        stage: e.stage,
        subject: e.key,
        message: e.error ?? 'Failed.',
        at: e.updatedAt.toISOString(),
      })),
      sites: scanSitesView(await deps.sites.listForScan(row.id), deps.sitePageBudget),
    };
  }

  return {
    /** "Scan now": needs the set-up entitlement; counts against the plan's scans a month (manual ones). */
    async startManual(userId: string): Promise<Scan> {
      const entitled = await deps.entitlements.require(userId, 'setup');
      const used = await repo.countSince(userId, startOfMonth(), ['manual']);
      deps.entitlements.assertWithin(entitled, 'scansPerMonth', used);
      return view(await create(userId, 'manual', { queryBudget: null, deadlineAt: null }));
    },

    async get(userId: string, scanId: string): Promise<Scan> {
      const row = await repo.findOwned(userId, scanId);
      if (!row) throw new AppError('NOT_FOUND', 'No such scan.');
      return view(row);
    },

    async list(userId: string): Promise<ScanList> {
      const entitled = await deps.entitlements.require(userId, 'setup');
      const rows = await repo.list(userId, 10);
      const interval = entitled.tier === 'free' ? null : intervalOf(entitled.tier);
      const last = rows.find((r) => r.trigger === 'manual' || r.trigger === 'schedule');
      const nextScheduledAt =
        interval === null
          ? null
          : new Date(
              Math.max(Date.now(), (last?.createdAt.getTime() ?? Date.now()) + interval),
            ).toISOString();
      return {
        scans: await Promise.all(rows.map(view)),
        nextScheduledAt,
        usedThisMonth: await repo.countSince(userId, startOfMonth(), ['manual']),
        allowedPerMonth: entitled.limits.scansPerMonth,
      };
    },

    /**
     * The free scan in onboarding, before payment: bounded by a query budget and a deadline, once per
     * 30 days (the free tier's one scan a month).
     */
    async startFree(userId: string): Promise<FreeScanResult> {
      const previous = (await repo.list(userId, 1, ['onboarding']))[0];
      if (previous && previous.createdAt.getTime() > Date.now() - MONTH_MS) {
        throw new AppError('CONFLICT', 'Your free scan has already run; its results are below.');
      }
      const setup = await repo.setupOf(userId);
      if (setup.accounts.length === 0)
        throw new AppError(
          'BAD_REQUEST',
          'Add at least one of your usernames first: the free scan searches for them.',
        );
      const row = await create(userId, 'onboarding', {
        queryBudget: deps.freeScan.queryBudget,
        deadlineAt: new Date(Date.now() + deps.freeScan.seconds * 1000),
      });
      return this.freeResult(userId, row);
    },

    async freeResult(userId: string, known?: ScanRow): Promise<FreeScanResult> {
      const row = known ?? (await repo.list(userId, 1, ['onboarding']))[0];
      const setup = await repo.setupOf(userId);
      const usernames = [...new Set(setup.accounts.map((a) => a.username))];
      const catalogOnly = deps.sources.enabled().every((s) => s.kind !== 'text');
      if (!row) return { scan: null, byKind: {}, total: 0, examples: [], catalogOnly, usernames };
      const counts = await repo.progress(row.id);
      const pagesChecked = counts
        .filter((c) => (c.stage === 'fetch' || c.stage === 'profile') && c.status === 'done')
        .reduce((n, c) => n + c.n, 0);
      const summary = await deps.findings.freeScanSummary(userId, row.id);
      return {
        scan: {
          id: row.id,
          status: row.status,
          startedAt: row.startedAt?.toISOString() ?? null,
          finishedAt: row.finishedAt?.toISOString() ?? null,
          deadlineAt: row.deadlineAt?.toISOString() ?? null,
          queryBudget: row.queryBudget,
          queriesUsed: row.queriesSpent,
          pagesChecked,
        },
        ...summary,
        catalogOnly,
        usernames,
      };
    },

    /** Starts the scheduled scans that are due (called periodically by every worker process). */
    async scheduleDue(now = new Date()): Promise<number> {
      let started = 0;
      for (const subscriber of await repo.subscribers()) {
        const interval = intervalOf(subscriber.plan);
        if (interval === null) continue;
        if (subscriber.lastScanAt && subscriber.lastScanAt.getTime() + interval > now.getTime())
          continue;
        const created = await repo.create({
          id: randomUUID(),
          userId: subscriber.userId,
          trigger: 'schedule',
          queryBudget: null,
          deadlineAt: null,
        });
        // null: a scan of this creator is running (maybe started by another worker a moment ago).
        if (!created) continue;
        await deps.sendStart(created.id);
        started++;
      }
      return started;
    },
  };
}

export type ScanService = ReturnType<typeof createScanService>;
