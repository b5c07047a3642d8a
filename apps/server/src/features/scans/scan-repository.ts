// Scan rows and their task rows (decision 0011): jobs claim a task, do its work, insert the tasks it
// leads to (a second insert of the same key is a no-op) and settle it; the scan completes when its last
// task settles.
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  accountState,
  protectedAccount,
  referenceFile,
  scan,
  scanQuery,
  scanTask,
  searchTerm,
  user,
} from '@shark/db/schema.ts';
import type { ScanStage } from '@shark/contracts/scans.ts';
import { isUniqueViolation } from '@shark/db/errors.ts';

export type ScanRow = typeof scan.$inferSelect;
export type ScanTaskRow = typeof scanTask.$inferSelect;
export type TaskStatus = ScanTaskRow['status'];

export interface NewTask {
  stage: ScanStage;
  key: string;
  input: Record<string, unknown>;
}

const ACTIVE = ['queued', 'running'] as const;
const UNSETTLED = ['queued', 'running'] as const;

export function createScanRepository(db: Database) {
  return {
    /** A new scan, or null when one of the creator's scans is already queued or running. */
    async create(row: {
      id: string;
      userId: string;
      trigger: ScanRow['trigger'];
      queryBudget: number | null;
      deadlineAt: Date | null;
    }): Promise<ScanRow | null> {
      try {
        const [created] = await db
          .insert(scan)
          .values({ ...row, status: 'queued' })
          .onConflictDoNothing()
          .returning();
        return created ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async find(id: string): Promise<ScanRow | undefined> {
      const [row] = await db.select().from(scan).where(eq(scan.id, id));
      return row;
    },

    async findOwned(userId: string, id: string): Promise<ScanRow | undefined> {
      const [row] = await db
        .select()
        .from(scan)
        .where(and(eq(scan.id, id), eq(scan.userId, userId)));
      return row;
    },

    async active(userId: string): Promise<ScanRow | undefined> {
      const [row] = await db
        .select()
        .from(scan)
        .where(and(eq(scan.userId, userId), inArray(scan.status, ACTIVE)));
      return row;
    },

    async list(userId: string, limit: number, triggers?: ScanRow['trigger'][]): Promise<ScanRow[]> {
      return db
        .select()
        .from(scan)
        .where(and(eq(scan.userId, userId), triggers ? inArray(scan.trigger, triggers) : undefined))
        .orderBy(desc(scan.createdAt), desc(scan.id))
        .limit(limit);
    },

    async countSince(userId: string, since: Date, triggers: ScanRow['trigger'][]): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(scan)
        .where(
          and(eq(scan.userId, userId), inArray(scan.trigger, triggers), gte(scan.createdAt, since)),
        );
      return row?.n ?? 0;
    },

    /** queued → running, with the sources the plan used. */
    async markRunning(id: string, sources: string[]): Promise<void> {
      await db
        .update(scan)
        .set({ status: 'running', startedAt: sql`coalesce(${scan.startedAt}, now())`, sources })
        .where(and(eq(scan.id, id), inArray(scan.status, ACTIVE)));
    },

    async fail(id: string, error: string): Promise<void> {
      await db
        .update(scan)
        .set({ status: 'failed', error, finishedAt: new Date() })
        .where(and(eq(scan.id, id), inArray(scan.status, ACTIVE)));
    },

    /** Completes a running scan whose tasks are all settled; true for the one call that did. */
    async completeIfSettled(id: string): Promise<boolean> {
      const rows = await db
        .update(scan)
        .set({ status: 'completed', finishedAt: new Date() })
        .where(
          and(
            eq(scan.id, id),
            eq(scan.status, 'running'),
            sql`not exists (select 1 from ${scanTask} where ${scanTask.scanId} = ${id} and ${scanTask.status} in ('queued', 'running'))`,
          ),
        )
        .returning({ id: scan.id });
      return rows.length > 0;
    },

    /** Spends `n` of the scan's query budget if it has that much left (always true without a budget). */
    async spendQueries(id: string, n: number): Promise<boolean> {
      const rows = await db
        .update(scan)
        .set({ queriesSpent: sql`${scan.queriesSpent} + ${n}` })
        .where(
          and(
            eq(scan.id, id),
            sql`(${scan.queryBudget} is null or ${scan.queriesSpent} + ${n} <= ${scan.queryBudget})`,
          ),
        )
        .returning({ id: scan.id });
      return rows.length > 0;
    },

    /** Inserts the tasks not planned yet in this scan; returns the new ones (their jobs are to be sent). */
    async addTasks(
      scanId: string,
      userId: string,
      tasks: NewTask[],
      newId: () => string,
    ): Promise<ScanTaskRow[]> {
      if (tasks.length === 0) return [];
      const inserted: ScanTaskRow[] = [];
      for (let i = 0; i < tasks.length; i += 200) {
        const batch = tasks.slice(i, i + 200).map((t) => ({
          id: newId(),
          scanId,
          userId,
          stage: t.stage,
          key: t.key,
          input: t.input,
          status: 'queued' as const,
        }));
        inserted.push(
          ...(await db.insert(scanTask).values(batch).onConflictDoNothing().returning()),
        );
      }
      return inserted;
    },

    /**
     * queued | running → running (a retry after a crash finds its row running), with the scan. null when
     * the task is gone or settled already.
     */
    async claim(taskId: string): Promise<{ task: ScanTaskRow; scan: ScanRow } | null> {
      const [task] = await db
        .update(scanTask)
        .set({ status: 'running', attempts: sql`${scanTask.attempts} + 1`, updatedAt: new Date() })
        .where(and(eq(scanTask.id, taskId), inArray(scanTask.status, UNSETTLED)))
        .returning();
      if (!task) return null;
      const [owner] = await db.select().from(scan).where(eq(scan.id, task.scanId));
      return owner ? { task, scan: owner } : null;
    },

    async settle(
      taskId: string,
      status: Exclude<TaskStatus, 'queued' | 'running'>,
      details: { result?: Record<string, unknown>; error?: string | null } = {},
    ): Promise<void> {
      await db
        .update(scanTask)
        .set({
          status,
          result: details.result ?? null,
          error: details.error ?? null,
          updatedAt: new Date(),
        })
        .where(eq(scanTask.id, taskId));
    },

    /** A match task of this scan that already matched the same bytes, if any (its result). */
    async matchedBytes(scanId: string, sha256: string): Promise<Record<string, unknown> | null> {
      const [row] = await db
        .select({ result: scanTask.result })
        .from(scanTask)
        .where(
          and(
            eq(scanTask.scanId, scanId),
            eq(scanTask.stage, 'match'),
            eq(scanTask.status, 'done'),
            sql`${scanTask.result}->>'sha256' = ${sha256}`,
          ),
        )
        .limit(1);
      return (row?.result as Record<string, unknown> | undefined) ?? null;
    },

    async recordQuery(row: {
      scanId: string;
      source: string;
      query: string;
      page: number;
      queriesUsed: number;
      resultCount: number;
      error?: string | null;
    }): Promise<void> {
      await db.insert(scanQuery).values({ ...row, error: row.error ?? null });
    },

    /** Task counts of a scan by stage and status. */
    async progress(scanId: string): Promise<{ stage: ScanStage; status: TaskStatus; n: number }[]> {
      return db
        .select({ stage: scanTask.stage, status: scanTask.status, n: sql<number>`count(*)::int` })
        .from(scanTask)
        .where(eq(scanTask.scanId, scanId))
        .groupBy(scanTask.stage, scanTask.status);
    },

    async sourceUse(
      scanId: string,
    ): Promise<{ source: string; queries: number; results: number }[]> {
      return db
        .select({
          source: scanQuery.source,
          queries: sql<number>`sum(${scanQuery.queriesUsed})::int`,
          results: sql<number>`sum(${scanQuery.resultCount})::int`,
        })
        .from(scanQuery)
        .where(eq(scanQuery.scanId, scanId))
        .groupBy(scanQuery.source)
        .orderBy(scanQuery.source);
    },

    async latestErrors(
      scanId: string,
      limit: number,
    ): Promise<{ stage: ScanStage; key: string; error: string | null; updatedAt: Date }[]> {
      return db
        .select({
          stage: scanTask.stage,
          key: scanTask.key,
          error: scanTask.error,
          updatedAt: scanTask.updatedAt,
        })
        .from(scanTask)
        .where(and(eq(scanTask.scanId, scanId), eq(scanTask.status, 'failed')))
        .orderBy(desc(scanTask.updatedAt))
        .limit(limit);
    },

    /**
     * Unsettled tasks of running scans that no live job will run: none waiting in the queue, and none
     * running — except, when `runningSince` is given (the embedded database: this is the only process),
     * jobs started before this process started, which died with the previous one.
     */
    async stranded(
      runningSince: Date | null,
      limit: number,
      /** Only rows not changed for this long (a periodic sweep leaves rows whose job is about to be sent alone). */
      untouchedForSeconds = 0,
    ): Promise<Pick<ScanTaskRow, 'id' | 'stage'>[]> {
      return db
        .select({ id: scanTask.id, stage: scanTask.stage })
        .from(scanTask)
        .innerJoin(scan, eq(scan.id, scanTask.scanId))
        .where(
          and(
            eq(scan.status, 'running'),
            inArray(scanTask.status, UNSETTLED),
            sql`${scanTask.updatedAt} <= now() - make_interval(secs => ${untouchedForSeconds})`,
            sql`not exists (
              select 1 from pgboss.job j
              where j.name = 'scan.' || ${scanTask.stage} and j.singleton_key = ${scanTask.id}
                and (j.state in ('created', 'retry') or (j.state = 'active' and (${runningSince}::timestamptz is null or j.started_on >= ${runningSince}::timestamptz)))
            )`,
          ),
        )
        .limit(limit);
    },

    /**
     * Scans still queued whose start job will not run: none waiting in the queue and none running
     * (with `runningSince`, as in `stranded`: a start job the previous process died in) — lost between
     * the row and the send, or killed while planning.
     */
    async queuedScans(runningSince: Date | null): Promise<string[]> {
      const rows = await db
        .select({ id: scan.id })
        .from(scan)
        .where(
          and(
            eq(scan.status, 'queued'),
            sql`not exists (
              select 1 from pgboss.job j
              where j.name = 'scan.start' and j.singleton_key = ${scan.id}
                and (j.state in ('created', 'retry') or (j.state = 'active' and (${runningSince}::timestamptz is null or j.started_on >= ${runningSince}::timestamptz)))
            )`,
          ),
        );
      return rows.map((r) => r.id);
    },

    /** A scan's task rows still waiting to run. */
    async queuedTasks(scanId: string): Promise<Pick<ScanTaskRow, 'id' | 'stage'>[]> {
      return db
        .select({ id: scanTask.id, stage: scanTask.stage })
        .from(scanTask)
        .where(and(eq(scanTask.scanId, scanId), eq(scanTask.status, 'queued')));
    },

    /** Running scans whose tasks are all settled (the completing job died before completing). */
    async settledRunning(): Promise<string[]> {
      const rows = await db
        .select({ id: scan.id })
        .from(scan)
        .where(
          and(
            eq(scan.status, 'running'),
            sql`not exists (select 1 from ${scanTask} where ${scanTask.scanId} = ${scan.id} and ${scanTask.status} in ('queued', 'running'))`,
          ),
        );
      return rows.map((r) => r.id);
    },

    /** What a scan searches for: the creator's name, accounts, active terms and ready reference files. */
    async setupOf(userId: string): Promise<{
      name: string;
      accounts: { platform: string; username: string; normalizedUsername: string }[];
      terms: { term: string; sources: string[] }[];
      references: { id: string; mediaType: string | null; originalName: string }[];
    }> {
      const [owner] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
      const accounts = await db
        .select({
          platform: protectedAccount.platform,
          username: protectedAccount.username,
          normalizedUsername: protectedAccount.normalizedUsername,
        })
        .from(protectedAccount)
        .where(eq(protectedAccount.userId, userId))
        .orderBy(protectedAccount.createdAt);
      const terms = await db
        .select({ term: searchTerm.term, sources: searchTerm.sources })
        .from(searchTerm)
        .where(and(eq(searchTerm.userId, userId), eq(searchTerm.status, 'active')))
        .orderBy(searchTerm.createdAt);
      const references = await db
        .select({
          id: referenceFile.id,
          mediaType: referenceFile.mediaType,
          originalName: referenceFile.originalName,
        })
        .from(referenceFile)
        .where(and(eq(referenceFile.userId, userId), eq(referenceFile.status, 'ready')))
        .orderBy(referenceFile.createdAt);
      return { name: owner?.name ?? '', accounts, terms, references };
    },

    /** Where one of the creator's ready reference files is stored. */
    async storedReference(
      userId: string,
      id: string,
    ): Promise<{ storageKey: string; mimeType: string | null } | undefined> {
      const [row] = await db
        .select({ storageKey: referenceFile.storageKey, mimeType: referenceFile.mimeType })
        .from(referenceFile)
        .where(
          and(
            eq(referenceFile.id, id),
            eq(referenceFile.userId, userId),
            eq(referenceFile.status, 'ready'),
          ),
        );
      return row;
    },

    /** Subscribed creators with a username, their plan and the time of their last scheduled or manual scan. */
    async subscribers(): Promise<
      { userId: string; plan: string | null; lastScanAt: Date | null }[]
    > {
      const rows = await db
        .select({
          userId: accountState.userId,
          plan: accountState.plan,
          lastScanAt: sql<string | null>`max(${scan.createdAt})`,
        })
        .from(accountState)
        .leftJoin(
          scan,
          and(eq(scan.userId, accountState.userId), inArray(scan.trigger, ['manual', 'schedule'])),
        )
        .where(
          and(
            eq(accountState.status, 'subscribed'),
            // Nothing to search for yet: no scheduled scan until the creator adds a username.
            sql`exists (select 1 from ${protectedAccount} where ${protectedAccount.userId} = ${accountState.userId})`,
          ),
        )
        .groupBy(accountState.userId, accountState.plan);
      return rows.map((r) => ({
        userId: r.userId,
        plan: r.plan,
        lastScanAt: r.lastScanAt ? new Date(r.lastScanAt) : null,
      }));
    },
  };
}

export type ScanRepository = ReturnType<typeof createScanRepository>;
