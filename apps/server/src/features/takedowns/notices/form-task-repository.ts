// The form tasks: a notice for a recipient that takes only a web form, with its creator and the
// number of URLs it names.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { formTask, notice, noticeItem, user } from '@shark/db/schema.ts';
import { moveToNoticeSent } from '#server/features/takedowns/outbox/outbox-repository.ts';

export function createFormTaskRepository(db: Database) {
  const urls = sql<number>`(select count(*)::int from ${noticeItem} c where c.notice_id = ${notice.id})`;
  const columns = { task: formTask, notice, creatorEmail: user.email, urls };

  return {
    async find(id: string) {
      const [row] = await db
        .select(columns)
        .from(formTask)
        .innerJoin(notice, eq(notice.id, formTask.noticeId))
        .innerJoin(user, eq(user.id, formTask.userId))
        .where(eq(formTask.id, id));
      return row;
    },

    /** Open tasks, oldest first. */
    listOpen() {
      return db
        .select(columns)
        .from(formTask)
        .innerJoin(notice, eq(notice.id, formTask.noticeId))
        .innerJoin(user, eq(user.id, formTask.userId))
        .where(eq(formTask.status, 'open'))
        .orderBy(asc(formTask.createdAt), asc(formTask.id));
    },

    /**
     * Marks an open task submitted and moves its notice's takedowns to notice_sent, in one
     * transaction; false when the task was no longer open. `detail` words the history from the task.
     */
    submit(
      id: string,
      by: string | null,
      at: Date,
      patch: { responseDueAt: Date; nextCheckAt: Date },
      detail: (task: { formUrl: string }) => string,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [task] = await tx
          .update(formTask)
          .set({ status: 'submitted', submittedAt: at, submittedBy: by })
          .where(and(eq(formTask.id, id), eq(formTask.status, 'open')))
          .returning();
        if (!task) return false;
        await moveToNoticeSent(tx, task.noticeId, at, patch, detail(task));
        return true;
      });
    },
  };
}

export type FormTaskRepository = ReturnType<typeof createFormTaskRepository>;
export type FormTaskRow = NonNullable<Awaited<ReturnType<FormTaskRepository['find']>>>;
