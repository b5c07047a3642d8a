// agent_authorization rows: the one active per creator (a partial unique index), signed and revoked.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { agentAuthorization } from '@shark/db/schema.ts';

export type AuthorizationRow = typeof agentAuthorization.$inferSelect;
export type NewAuthorizationRow = typeof agentAuthorization.$inferInsert;

/** Arbitrary first key of the advisory lock that serialises one creator's signing and revoking. */
const AUTHORIZATION_LOCK = 7_241_304;

async function activeOn(db: Database, userId: string): Promise<AuthorizationRow | undefined> {
  const [row] = await db
    .select()
    .from(agentAuthorization)
    .where(and(eq(agentAuthorization.userId, userId), isNull(agentAuthorization.revokedAt)))
    .limit(1);
  return row;
}

export type AuthorizationQueries = ReturnType<typeof authorizationQueriesOn>;

/** Signing and revoking, bound to one transaction (the lock lasts until it ends). */
export function authorizationQueriesOn(tx: Database) {
  return {
    /** Takes the creator's signing lock until the end of the transaction. */
    async lockCreator(userId: string): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${AUTHORIZATION_LOCK}, hashtext(${userId}))`,
      );
    },

    active: (userId: string) => activeOn(tx, userId),

    /** Revokes the active one, if any; the revoked row, or undefined. */
    async revoke(userId: string, at: Date): Promise<AuthorizationRow | undefined> {
      const [row] = await tx
        .update(agentAuthorization)
        .set({ revokedAt: at })
        .where(and(eq(agentAuthorization.userId, userId), isNull(agentAuthorization.revokedAt)))
        .returning();
      return row;
    },

    async insert(row: NewAuthorizationRow): Promise<AuthorizationRow> {
      const [inserted] = await tx.insert(agentAuthorization).values(row).returning();
      return inserted!;
    },
  };
}

export function createAuthorizationRepository(db: Database) {
  return {
    active: (userId: string) => activeOn(db, userId),

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
  };
}

export type AuthorizationRepository = ReturnType<typeof createAuthorizationRepository>;
