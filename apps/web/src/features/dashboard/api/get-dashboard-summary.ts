// GET /api/dashboard/summary: the takedown figures, the removal rate, the series over the range, the
// kinds of site, the recent activity and the next scan — every number counted by the server.
import {
  dashboardSummarySchema,
  type DashboardRange,
  type DashboardSummary,
} from '@shark/contracts/takedown-report.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { dashboardKeys } from './dashboard-keys.ts';

export function getDashboardSummary(
  range: DashboardRange,
  signal?: AbortSignal,
): Promise<DashboardSummary> {
  return api.get(
    `/api/dashboard/summary?range=${encodeURIComponent(range)}`,
    dashboardSummarySchema,
    signal,
  );
}

export function dashboardSummaryQueryOptions(userId: string, range: DashboardRange) {
  return queryOptions({
    queryKey: dashboardKeys.summary(userId, range),
    queryFn: ({ signal }) => getDashboardSummary(range, signal),
    // Notices, checks and removals happen in the background while the dashboard is open.
    refetchInterval: 60_000,
    // Switching the range keeps the figures on screen until the new series arrives.
    placeholderData: keepPreviousData,
  });
}

export function useDashboardSummary(userId: string, range: DashboardRange) {
  return useQuery(dashboardSummaryQueryOptions(userId, range));
}
