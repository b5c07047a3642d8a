// How far the free scan has got. It is bounded by a query budget and a deadline, so the bar shows
// whichever of the two is nearer its end.
import type { FreeScanResult } from '@shark/contracts/findings.ts';

export type FreeScan = NonNullable<FreeScanResult['scan']>;

export function isFreeScanActive(scan: Pick<FreeScan, 'status'> | null): boolean {
  return scan !== null && (scan.status === 'queued' || scan.status === 'running');
}

/**
 * From 0 to 1, or null while nothing tells yet (queued, no budget nor deadline known). Never 1
 * before the scan has finished, since it may end before either bound.
 */
export function freeScanShare(scan: FreeScan, now: number): number | null {
  if (!isFreeScanActive(scan)) return 1;
  const shares: number[] = [];
  if (scan.queryBudget !== null && scan.queryBudget > 0) {
    shares.push(scan.queriesUsed / scan.queryBudget);
  }
  if (scan.startedAt !== null && scan.deadlineAt !== null) {
    const start = new Date(scan.startedAt).getTime();
    const span = new Date(scan.deadlineAt).getTime() - start;
    if (span > 0) shares.push((now - start) / span);
  }
  if (shares.length === 0) return null;
  return Math.min(0.99, Math.max(0, ...shares));
}

/** Whole seconds until the deadline (0 once it has passed), or null without one. */
export function secondsLeft(scan: Pick<FreeScan, 'deadlineAt'>, now: number): number | null {
  if (scan.deadlineAt === null) return null;
  return Math.max(0, Math.ceil((new Date(scan.deadlineAt).getTime() - now) / 1000));
}

/** The six kinds of site the free scan reports on, in the order it lists them. */
export const FREE_SCAN_KINDS = [
  'tube',
  'forum',
  'file-host',
  'image-board',
  'telegram-index',
  'social-network',
] as const;

/**
 * Counts to show: each of the six kinds (zero included, so "none on forums" is said too), then any
 * other kind the server reported, largest first.
 */
export function kindCounts(byKind: Record<string, number>): { kind: string; count: number }[] {
  const known: readonly string[] = FREE_SCAN_KINDS;
  const listed = FREE_SCAN_KINDS.map((kind) => ({ kind, count: byKind[kind] ?? 0 }));
  const others = Object.entries(byKind)
    .filter(([kind, n]) => !known.includes(kind) && n > 0)
    .map(([kind, n]) => ({ kind, count: n }))
    .sort((a, b) => b.count - a.count);
  return [...listed, ...others];
}
