// Scans (decision 0011), their task rows and queries, and the per-source and per-site budgets they spend.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, parentRef, textArray, timestamptz, updatedAt, userId } from './columns.ts';

export const SCAN_TRIGGERS = ['manual', 'schedule', 'onboarding'] as const;
export const SCAN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** One scan of one creator's set-up; its work is the task rows below. */
export const scan = pgTable(
  'scan',
  {
    id: id(),
    userId: userId(),
    /** manual: "Scan now"; schedule: the plan's frequency; onboarding: the free scan before payment. */
    trigger: text('trigger', { enum: SCAN_TRIGGERS }).notNull(),
    status: text('status', { enum: SCAN_STATUSES }).notNull(),
    /** Provider queries this scan may spend (null: no limit but the sources' own quotas). */
    queryBudget: integer('query_budget'),
    /** Work not done by then is skipped (the free scan's time budget); null: none. */
    deadlineAt: timestamptz('deadline_at'),
    /** Queries spent so far against the budget (reserved atomically before each is sent). */
    queriesSpent: integer('queries_spent').notNull().default(0),
    /** Ids of the discovery sources that were on when the scan was planned. */
    sources: textArray('sources'),
    /** Why the scan failed as a whole, in words for the creator. */
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('scan_user_idx').on(t.userId, t.createdAt),
    index('scan_status_idx').on(t.status),
    // At most one scan of a creator runs at a time, however many workers schedule or start one.
    uniqueIndex('scan_one_active_idx')
      .on(t.userId)
      .where(sql`status in ('queued', 'running')`),
  ],
);

export const SCAN_STAGES = ['discover', 'profile', 'fetch', 'match'] as const;
export const SCAN_TASK_STATUSES = ['queued', 'running', 'done', 'failed', 'skipped'] as const;

/** One unit of a scan's work; its job moves it from queued to a terminal state (done, failed, skipped). */
export const scanTask = pgTable(
  'scan_task',
  {
    id: id(),
    scanId: parentRef('scan_id', () => scan.id),
    userId: userId(),
    stage: text('stage', { enum: SCAN_STAGES }).notNull(),
    /** Unique within the scan and stage: the same work is never planned twice. */
    key: text('key').notNull(),
    status: text('status', { enum: SCAN_TASK_STATUSES }).notNull(),
    /** What the job needs (zod-checked by the stage that reads it). */
    input: jsonb('input').notNull(),
    /** What it found, for progress and evidence (small). */
    result: jsonb('result'),
    /** Why it failed or was skipped, in words. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scan_task_key_idx').on(t.scanId, t.stage, t.key),
    index('scan_task_scan_status_idx').on(t.scanId, t.status),
    index('scan_task_status_idx').on(t.status, t.updatedAt),
  ],
);

/** Every provider query a scan sent, for the record and the creator's view of the scan. */
export const scanQuery = pgTable(
  'scan_query',
  {
    id: serial('id').primaryKey(),
    scanId: parentRef('scan_id', () => scan.id),
    source: text('source').notNull(),
    /** The query text, or the reference file id for an image search. */
    query: text('query').notNull(),
    page: integer('page').notNull().default(0),
    /** Requests the provider charged. */
    queriesUsed: integer('queries_used').notNull(),
    resultCount: integer('result_count').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('scan_query_scan_idx').on(t.scanId)],
);

/** Provider requests spent per source and UTC day, shared by every worker (per-source quotas). */
export const sourceUsage = pgTable(
  'source_usage',
  {
    source: text('source').notNull(),
    day: text('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.source, t.day] })],
);

/**
 * What a scan knows about one site while it runs (a site is its registrable domain, or host:port for a
 * bare address): the pages its expansion has spent against the per-site budget, and whether the site was
 * given up as unreachable (it did not resolve or refused connections) with how many tasks that skipped.
 */
export const scanSite = pgTable(
  'scan_site',
  {
    scanId: parentRef('scan_id', () => scan.id),
    site: text('site').notNull(),
    /** The origin the site was met at (scheme, host and port). */
    origin: text('origin').notNull(),
    /** Whether the site's expansion (sitemap, listings, its own search) was planned in this scan. */
    expanded: boolean('expanded').notNull().default(false),
    /** Pages the expansion fetched, against SCAN_SITE_PAGE_BUDGET. */
    expansionPages: integer('expansion_pages').notNull().default(0),
    /** dns, refused, unreachable: why the site was given up for the rest of the scan (null: it was not). */
    unreachableReason: text('unreachable_reason'),
    unreachableMessage: text('unreachable_message'),
    unreachableAt: timestamptz('unreachable_at'),
    /** Tasks skipped because the site had been given up. */
    skippedTasks: integer('skipped_tasks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scanId, t.site] })],
);
