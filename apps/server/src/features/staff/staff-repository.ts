// staff_member rows with the account they belong to, and the append-only staff_audit_event log.
import { and, asc, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { staffAuditEvent, staffMember, user } from '@shark/db/schema.ts';
import type { StaffRole } from '@shark/contracts/staff.ts';

export interface StaffMemberRow {
  userId: string;
  email: string;
  name: string;
  role: StaffRole;
  twoFactorEnabled: boolean;
  grantedBy: string;
  createdAt: Date;
}

export type AuditRow = typeof staffAuditEvent.$inferSelect;
export type NewAuditRow = Omit<typeof staffAuditEvent.$inferInsert, 'id'>;

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  subjectUserId?: string | undefined;
  /** Only events strictly older than this (at, id) pair: the page after. */
  after?: { at: Date; id: string } | undefined;
  limit: number;
}

const memberColumns = {
  userId: staffMember.userId,
  email: user.email,
  name: user.name,
  role: staffMember.role,
  twoFactorEnabled: user.twoFactorEnabled,
  grantedBy: staffMember.grantedBy,
  createdAt: staffMember.createdAt,
};

export function createStaffRepository(db: Database) {
  return {
    async member(userId: string): Promise<StaffMemberRow | undefined> {
      const [row] = await db
        .select(memberColumns)
        .from(staffMember)
        .innerJoin(user, eq(user.id, staffMember.userId))
        .where(eq(staffMember.userId, userId));
      return row;
    },

    async members(): Promise<StaffMemberRow[]> {
      return db
        .select(memberColumns)
        .from(staffMember)
        .innerJoin(user, eq(user.id, staffMember.userId))
        .orderBy(user.email);
    },

    async userByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
      const [row] = await db
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(eq(user.email, email.toLowerCase()));
      return row;
    },

    /** Gives or changes the role; the previous role (undefined: none). */
    async upsert(userId: string, role: StaffRole, grantedBy: string, at: Date) {
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ role: staffMember.role })
          .from(staffMember)
          .where(eq(staffMember.userId, userId))
          .for('update');
        await tx
          .insert(staffMember)
          .values({ userId, role, grantedBy, createdAt: at, updatedAt: at })
          .onConflictDoUpdate({
            target: staffMember.userId,
            set: { role, grantedBy, updatedAt: at },
          });
        return previous?.role;
      });
    },

    /** Takes the role away; the role it was (undefined: was none). */
    async remove(userId: string): Promise<StaffRole | undefined> {
      const [row] = await db
        .delete(staffMember)
        .where(eq(staffMember.userId, userId))
        .returning({ role: staffMember.role });
      return row?.role;
    },

    async record(event: NewAuditRow): Promise<AuditRow> {
      const [row] = await db
        .insert(staffAuditEvent)
        .values({ id: crypto.randomUUID(), ...event })
        .returning();
      if (!row) throw new Error('The audit event was not written.');
      return row;
    },

    /** Staff actions on one of her takedowns, oldest first: on the takedown, or on work about it. */
    async takedownActions(userId: string, takedownId: string): Promise<AuditRow[]> {
      return db
        .select()
        .from(staffAuditEvent)
        .where(
          and(
            eq(staffAuditEvent.subjectUserId, userId),
            or(
              and(
                eq(staffAuditEvent.targetType, 'takedown'),
                eq(staffAuditEvent.targetId, takedownId),
              ),
              sql`${staffAuditEvent.after}->>'takedownId' = ${takedownId}`,
            ),
          ),
        )
        .orderBy(asc(staffAuditEvent.at), asc(staffAuditEvent.id));
    },

    /** Newest first. */
    async audit(filter: AuditFilter): Promise<AuditRow[]> {
      const where: SQL[] = [];
      if (filter.actor) {
        const byActor = or(
          eq(staffAuditEvent.actorId, filter.actor),
          eq(staffAuditEvent.actorEmail, filter.actor.toLowerCase()),
        );
        if (byActor) where.push(byActor);
      }
      if (filter.action) where.push(eq(staffAuditEvent.action, filter.action));
      if (filter.targetType) where.push(eq(staffAuditEvent.targetType, filter.targetType));
      if (filter.targetId) where.push(eq(staffAuditEvent.targetId, filter.targetId));
      if (filter.subjectUserId) where.push(eq(staffAuditEvent.subjectUserId, filter.subjectUserId));
      if (filter.after) {
        const older = or(
          lt(staffAuditEvent.at, filter.after.at),
          and(eq(staffAuditEvent.at, filter.after.at), lt(staffAuditEvent.id, filter.after.id)),
        );
        if (older) where.push(older);
      }
      return db
        .select()
        .from(staffAuditEvent)
        .where(and(...where))
        .orderBy(desc(staffAuditEvent.at), desc(staffAuditEvent.id))
        .limit(filter.limit);
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
