// work_item rows: made once per record and reason, listed in the queue's order with their creator and
// holder, claimed by one agent at a time (a conditional update, so two claims cannot both win), finished.
import { and, asc, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@shark/db/client.ts';
import { user, workItem } from '@shark/db/schema.ts';
import type { ServicePlan, WorkItemKind } from '@shark/contracts/work-queue.ts';

export type WorkItemRow = typeof workItem.$inferSelect;
export type NewWorkItemRow = Omit<typeof workItem.$inferInsert, 'id' | 'status'>;

export interface WorkItemView {
  row: WorkItemRow;
  creatorEmail: string;
  creatorName: string;
  claimerEmail: string | null;
}

export interface ItemFilter {
  status: 'open' | 'done';
  kind?: WorkItemKind | undefined;
  plan?: ServicePlan | undefined;
  creator?: string | undefined;
  host?: string | undefined;
  claim?: 'mine' | 'unclaimed' | undefined;
  overdue?: boolean | undefined;
  staffUserId: string;
  now: Date;
}

/** Where a page ends: open items by (priority, dueAt, id), done items by (doneAt, id) newest first. */
export type ItemCursor =
  | { status: 'open'; priority: number; dueAt: Date; id: string }
  | { status: 'done'; doneAt: Date; id: string };

const claimer = alias(user, 'claimer');

export function createWorkQueueRepository(db: Database) {
  const selectViews = () =>
    db
      .select({
        row: workItem,
        creatorEmail: user.email,
        creatorName: user.name,
        claimerEmail: claimer.email,
      })
      .from(workItem)
      .innerJoin(user, eq(user.id, workItem.userId))
      .leftJoin(claimer, eq(claimer.id, workItem.claimedBy));

  async function find(id: string): Promise<WorkItemView | undefined> {
    const [view] = await selectViews().where(eq(workItem.id, id)).limit(1);
    return view;
  }

  function conditions(filter: ItemFilter): SQL[] {
    const where: SQL[] = [eq(workItem.status, filter.status)];
    if (filter.kind) where.push(eq(workItem.kind, filter.kind));
    if (filter.plan)
      where.push(filter.plan === 'none' ? isNull(workItem.plan) : eq(workItem.plan, filter.plan));
    if (filter.creator) {
      const creator = filter.creator.toLowerCase();
      where.push(or(eq(workItem.userId, filter.creator), eq(sql`lower(${user.email})`, creator))!);
    }
    if (filter.host) {
      const host = filter.host.toLowerCase().replace(/^www\./, '');
      where.push(or(eq(workItem.host, host), sql`${workItem.host} like ${`%.${host}`}`)!);
    }
    if (filter.claim === 'mine') where.push(eq(workItem.claimedBy, filter.staffUserId));
    if (filter.claim === 'unclaimed') where.push(isNull(workItem.claimedBy));
    if (filter.overdue === true) where.push(lte(workItem.dueAt, filter.now));
    if (filter.overdue === false) where.push(gt(workItem.dueAt, filter.now));
    return where;
  }

  return {
    /** Inserts the items; one already there for the same kind, record and reason is left as it is. */
    async insert(items: NewWorkItemRow[]): Promise<number> {
      if (items.length === 0) return 0;
      const made = await db
        .insert(workItem)
        .values(items.map((item) => ({ id: crypto.randomUUID(), ...item })))
        .onConflictDoNothing({ target: [workItem.kind, workItem.refId, workItem.reason] })
        .returning({ id: workItem.id });
      return made.length;
    },

    find,

    async page(filter: ItemFilter, after: ItemCursor | null, limit: number) {
      const where = conditions(filter);
      if (after?.status === 'open')
        where.push(
          sql`(${workItem.priority}, ${workItem.dueAt}, ${workItem.id}) > (${after.priority}, ${after.dueAt}, ${after.id})`,
        );
      if (after?.status === 'done')
        where.push(sql`(${workItem.doneAt}, ${workItem.id}) < (${after.doneAt}, ${after.id})`);
      const order =
        filter.status === 'open'
          ? [asc(workItem.priority), asc(workItem.dueAt), asc(workItem.id)]
          : [desc(workItem.doneAt), desc(workItem.id)];
      return selectViews()
        .where(and(...where))
        .orderBy(...order)
        .limit(limit);
    },

    /** Open and overdue items by kind, and the open items `staffUserId` holds. */
    async counts(staffUserId: string, now: Date) {
      const byKind = await db
        .select({
          kind: workItem.kind,
          open: sql<number>`count(*)::int`,
          overdue: sql<number>`(count(*) filter (where ${workItem.dueAt} <= ${now}))::int`,
        })
        .from(workItem)
        .where(eq(workItem.status, 'open'))
        .groupBy(workItem.kind);
      const [mine] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(workItem)
        .where(and(eq(workItem.status, 'open'), eq(workItem.claimedBy, staffUserId)));
      return { byKind, mine: mine?.n ?? 0 };
    },

    /** Takes the item for `staffUserId` unless someone else holds it or it is done; the row, or null. */
    async claim(id: string, staffUserId: string, at: Date): Promise<WorkItemRow | null> {
      const [row] = await db
        .update(workItem)
        .set({ claimedBy: staffUserId, claimedAt: at })
        .where(
          and(
            eq(workItem.id, id),
            eq(workItem.status, 'open'),
            or(isNull(workItem.claimedBy), eq(workItem.claimedBy, staffUserId)),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Lets the item go if `holder` holds it (any holder when null); the row, or null. */
    async release(id: string, holder: string | null): Promise<WorkItemRow | null> {
      const [row] = await db
        .update(workItem)
        .set({ claimedBy: null, claimedAt: null })
        .where(
          and(
            eq(workItem.id, id),
            eq(workItem.status, 'open'),
            holder === null
              ? sql`${workItem.claimedBy} is not null`
              : eq(workItem.claimedBy, holder),
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Marks the item done by its holder; null when `staffUserId` does not hold it. An item the sync
     * closed meanwhile (the holder's own action moved its record) gets the holder's outcome instead.
     */
    async finish(
      id: string,
      staffUserId: string,
      outcome: string,
      at: Date,
    ): Promise<WorkItemRow | null> {
      const [row] = await db
        .update(workItem)
        .set({ status: 'done', doneAt: at, doneBy: staffUserId, outcome })
        .where(
          and(
            eq(workItem.id, id),
            eq(workItem.claimedBy, staffUserId),
            or(eq(workItem.status, 'open'), isNull(workItem.doneBy)),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type WorkQueueRepository = ReturnType<typeof createWorkQueueRepository>;
