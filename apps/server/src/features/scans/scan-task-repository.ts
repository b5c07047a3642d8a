// A scan's task rows (decision 0011): jobs claim a task, do its work, insert the tasks it leads to (a
// second insert of the same key is a no-op) and settle it; a sweep finds the tasks no live job will run.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { scan, scanTask } from '@shark/db/schema.ts';
import type { ScanStage } from '@shark/contracts/scans.ts';
import type { NewTask, ScanRow, ScanTaskRow, TaskStatus } from './scan-repository.ts';

const UNSETTLED = ['queued', 'running'] as const;

export function createScanTaskRepository(db: Database) {
  return {
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

    /** Task counts of a scan by stage and status. */
    async progress(scanId: string): Promise<{ stage: ScanStage; status: TaskStatus; n: number }[]> {
      return db
        .select({ stage: scanTask.stage, status: scanTask.status, n: sql<number>`count(*)::int` })
        .from(scanTask)
        .where(eq(scanTask.scanId, scanId))
        .groupBy(scanTask.stage, scanTask.status);
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

    /** A scan's task rows still waiting to run. */
    async queuedTasks(scanId: string): Promise<Pick<ScanTaskRow, 'id' | 'stage'>[]> {
      return db
        .select({ id: scanTask.id, stage: scanTask.stage })
        .from(scanTask)
        .where(and(eq(scanTask.scanId, scanId), eq(scanTask.status, 'queued')));
    },
  };
}
