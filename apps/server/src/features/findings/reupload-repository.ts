// Re-uploads: a file taken down once and found again on another page becomes a new finding
// linked to the earlier one, so the creator sees it came back and the new takedown can say so.
import { and, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { finding, takedown } from '@shark/db/schema.ts';

export interface NewLeak {
  userId: string;
  kind: 'leak' | 'mention' | 'impersonation' | 'likeness';
  /** The new finding's page (normalised, as findings store it). */
  normalizedUrl: string;
  mediaSha256: string | null;
  referenceFileId: string | null;
}

/** The earlier finding a file was taken down at, as the findings API shows it. */
export interface ReuploadOrigin {
  findingId: string;
  pageUrl: string;
  removedAt: string;
}

/**
 * The creator's finding on another page whose takedown was removed and that showed the same file (the
 * same bytes, or a copy of the same reference file); the most recently removed one. Null when there is
 * none, and for anything but a leak.
 */
export async function findReuploadOrigin(db: Database, leak: NewLeak): Promise<string | null> {
  if (leak.kind !== 'leak') return null;
  const sameFile: SQL[] = [];
  if (leak.mediaSha256) sameFile.push(eq(finding.mediaSha256, leak.mediaSha256));
  if (leak.referenceFileId) sameFile.push(eq(finding.referenceFileId, leak.referenceFileId));
  if (sameFile.length === 0) return null;
  const [row] = await db
    .select({ id: finding.id })
    .from(takedown)
    .innerJoin(finding, eq(finding.id, takedown.findingId))
    .where(
      and(
        eq(takedown.userId, leak.userId),
        eq(takedown.status, 'removed'),
        eq(finding.userId, leak.userId),
        eq(finding.kind, 'leak'),
        ne(finding.normalizedUrl, leak.normalizedUrl),
        or(...sameFile),
      ),
    )
    .orderBy(desc(takedown.removedAt), desc(finding.id))
    .limit(1);
  return row?.id ?? null;
}

/** The earlier findings (by id) that findings of this creator are re-uploads of, with their removal. */
export async function reuploadOrigins(
  db: Database,
  userId: string,
  originIds: readonly (string | null)[],
): Promise<Map<string, ReuploadOrigin>> {
  const ids = [...new Set(originIds.filter((id): id is string => id !== null))];
  const origins = new Map<string, ReuploadOrigin>();
  if (ids.length === 0) return origins;
  const rows = await db
    .select({ findingId: finding.id, pageUrl: finding.pageUrl, removedAt: takedown.removedAt })
    .from(finding)
    .innerJoin(takedown, eq(takedown.findingId, finding.id))
    .where(and(eq(finding.userId, userId), inArray(finding.id, ids)));
  for (const row of rows) {
    if (row.removedAt)
      origins.set(row.findingId, {
        findingId: row.findingId,
        pageUrl: row.pageUrl,
        removedAt: row.removedAt.toISOString(),
      });
  }
  return origins;
}

export function createReuploadRepository(db: Database) {
  return {
    findOrigin: (leak: NewLeak) => findReuploadOrigin(db, leak),
    origins: (userId: string, originIds: readonly (string | null)[]) =>
      reuploadOrigins(db, userId, originIds),
  };
}

export type ReuploadRepository = ReturnType<typeof createReuploadRepository>;
