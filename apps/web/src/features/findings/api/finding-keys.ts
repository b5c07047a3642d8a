// Query keys of the findings feature, per user so one account's findings never show for the next one.
import type { FindingKind, FindingStatus } from '@shark/contracts/findings.ts';

export type FindingFilter = { status: FindingStatus; kind: FindingKind | null };

export const findingKeys = {
  all: (userId: string) => ['findings', userId] as const,
  lists: (userId: string) => ['findings', userId, 'list'] as const,
  list: (userId: string, filter: FindingFilter) => ['findings', userId, 'list', filter] as const,
};

/** The filter a list query was made for, read back from its key. */
export function filterOfKey(key: readonly unknown[]): FindingFilter | undefined {
  const filter = key[3];
  if (typeof filter !== 'object' || filter === null || !('status' in filter)) return undefined;
  return filter as FindingFilter;
}
