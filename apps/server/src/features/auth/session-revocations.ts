// Which sessions were deleted lately, as this process knows it: the check that lets a browser's signed,
// cached copy of its session stand in for the session row (see docs/decisions/0029-session-cookie-cache.md).
import type { SessionRevocationRepository } from './session-revocation-repository.ts';

export interface SessionRevocationOptions {
  /** How long a cached session cookie is believed without reading the session row, in seconds. */
  cacheSeconds: number;
  /** How old this process's copy of the revocation log may be when it vouches for a cookie, in ms. */
  maxStalenessMs: number;
  now?: () => number;
}

/**
 * A transaction may commit a little after the clock time its trigger wrote, so each read goes back this
 * far before the newest revocation already seen; rows read twice change nothing.
 */
const COMMIT_LAG_MS = 10_000;
const PRUNE_EVERY_MS = 60_000;

export function createSessionRevocations(
  repo: SessionRevocationRepository,
  { cacheSeconds, maxStalenessMs, now = Date.now }: SessionRevocationOptions,
) {
  // A revocation matters while a cookie made before it may still be believed; a request can take a
  // while between reading a session and writing its cookie, hence the margin.
  const keepSeconds = cacheSeconds * 2 + 120;
  const revoked = new Map<string, number>();
  let newest: number | null = null;
  let syncedAt = Number.NEGATIVE_INFINITY;
  let prunedAt = now();
  // Bumped when this process may have revoked a session itself; a read started after the bump clears it.
  let wanted = 0;
  let known = -1;
  let inFlight: Promise<void> | null = null;

  const isFresh = () => known === wanted && now() - syncedAt < maxStalenessMs;

  async function sync(): Promise<void> {
    const generation = wanted;
    const startedAt = now();
    const since =
      newest === null
        ? null
        : new Date(Math.max(newest - COMMIT_LAG_MS, startedAt - keepSeconds * 1000));
    const rows = await repo.revokedSince(since, keepSeconds);
    for (const { sessionId, revokedAt } of rows) {
      const at = revokedAt.getTime();
      revoked.set(sessionId, at);
      if (newest === null || at > newest) newest = at;
    }
    syncedAt = startedAt;
    known = generation;
    if (startedAt - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = startedAt;
      for (const [sessionId, at] of revoked) {
        if (startedAt - at > keepSeconds * 1000) revoked.delete(sessionId);
      }
      // Every process may prune; a failed prune is retried a minute later and costs nothing meanwhile.
      void repo.pruneOlderThan(keepSeconds).catch(() => undefined);
    }
  }

  async function ensureFresh(): Promise<void> {
    while (!isFresh()) {
      if (!inFlight) {
        inFlight = sync().finally(() => {
          inFlight = null;
        });
      }
      await inFlight;
    }
  }

  return {
    /** Whether the session was deleted; waits for a fresh copy of the log when this one is too old. */
    async isRevoked(sessionId: string): Promise<boolean> {
      if (!isFresh()) await ensureFresh();
      return revoked.has(sessionId);
    },

    /**
     * After a request that may have deleted sessions in this process (any state-changing request):
     * the next check reads the log again, so the deletion counts from the very next request.
     */
    markStale(): void {
      wanted++;
    },
  };
}

export type SessionRevocations = ReturnType<typeof createSessionRevocations>;
