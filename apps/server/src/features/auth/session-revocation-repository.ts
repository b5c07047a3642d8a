// Reads the log of deleted sessions that a trigger on `session` keeps (session_revocation).
import { gte, lt, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { sessionRevocation } from '@shark/db/schema.ts';

export interface RevokedSession {
  sessionId: string;
  revokedAt: Date;
}

export function createSessionRevocationRepository(db: Database) {
  return {
    /**
     * Sessions deleted at or after `since` by the database's clock; with no `since`, those deleted in
     * the last `windowSeconds`.
     */
    async revokedSince(since: Date | null, windowSeconds: number): Promise<RevokedSession[]> {
      return db
        .select({ sessionId: sessionRevocation.sessionId, revokedAt: sessionRevocation.revokedAt })
        .from(sessionRevocation)
        .where(
          gte(
            sessionRevocation.revokedAt,
            since ?? sql`now() - make_interval(secs => ${windowSeconds})`,
          ),
        );
    },

    /** Forgets revocations older than `windowSeconds`: no cached cookie can name those sessions any more. */
    async pruneOlderThan(windowSeconds: number): Promise<void> {
      await db
        .delete(sessionRevocation)
        .where(
          lt(sessionRevocation.revokedAt, sql`now() - make_interval(secs => ${windowSeconds})`),
        );
    },
  };
}

export type SessionRevocationRepository = ReturnType<typeof createSessionRevocationRepository>;
