// agent_authorization rows: the one active per creator (a partial unique index), signed and revoked.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { agentAuthorization } from '@shark/db/schema.ts';

export type AuthorizationRow = typeof agentAuthorization.$inferSelect;
export type NewAuthorizationRow = typeof agentAuthorization.$inferInsert;

/** Arbitrary first key of the advisory lock that serialises one creator's signing and revoking. */
const AUTHORIZATION_LOCK = 7_241_304;

export function createAuthorizationRepository(db: Database) {
  return {
    /** Takes the creator's signing lock until the end of the transaction `tx`. */
    async lockCreator(tx: Database, userId: string): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${AUTHORIZATION_LOCK}, hashtext(${userId}))`,
      );
    },

    async active(userId: string, tx: Database = db): Promise<AuthorizationRow | undefined> {
      const [row] = await tx
        .select()
        .from(agentAuthorization)
        .where(and(eq(agentAuthorization.userId, userId), isNull(agentAuthorization.revokedAt)))
        .limit(1);
      return row;
    },

    /** The latest, active or not: who signed the notices already composed. */
    async byId(id: string): Promise<AuthorizationRow | undefined> {
      const [row] = await db
        .select()
        .from(agentAuthorization)
        .where(eq(agentAuthorization.id, id))
        .limit(1);
      return row;
    },

    async latest(userId: string): Promise<AuthorizationRow | undefined> {
      const [row] = await db
        .select()
        .from(agentAuthorization)
        .where(eq(agentAuthorization.userId, userId))
        .orderBy(desc(agentAuthorization.signedAt))
        .limit(1);
      return row;
    },

    /** Revokes the active one, if any; the revoked row, or undefined. */
    async revoke(tx: Database, userId: string, at: Date): Promise<AuthorizationRow | undefined> {
      const [row] = await tx
        .update(agentAuthorization)
        .set({ revokedAt: at })
        .where(and(eq(agentAuthorization.userId, userId), isNull(agentAuthorization.revokedAt)))
        .returning();
      return row;
    },

    async insert(tx: Database, row: NewAuthorizationRow): Promise<AuthorizationRow> {
      const [inserted] = await tx.insert(agentAuthorization).values(row).returning();
      return inserted!;
    },
  };
}

export type AuthorizationRepository = ReturnType<typeof createAuthorizationRepository>;
