// Scan rows (decision 0011): a scan completes when its last task settles; its task rows' queries
// (claim, settle, the stranded sweep) are in scan-task-repository.ts and make part of this repository.
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
import { createScanTaskRepository } from './scan-task-repository.ts';

export type ScanRow = typeof scan.$inferSelect;
export type ScanTaskRow = typeof scanTask.$inferSelect;
export type TaskStatus = ScanTaskRow['status'];

export interface NewTask {
  stage: ScanStage;
  key: string;
  input: Record<string, unknown>;
}

const ACTIVE = ['queued', 'running'] as const;

export function createScanRepository(db: Database) {
  return {
    ...createScanTaskRepository(db),
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
