// Query keys of the takedown report, per user so one account's takedowns never show for the next one.
import type { TakedownQuery } from '#app/features/takedown-report/lib/report-search.ts';

export const takedownReportKeys = {
  all: (userId: string) => ['takedowns', userId] as const,
  list: (userId: string, query: TakedownQuery) => ['takedowns', userId, 'list', query] as const,
  detail: (userId: string, takedownId: string) =>
    ['takedowns', userId, 'detail', takedownId] as const,
};
