// GET /api/takedowns: one page of the report for the page's filters, order and cursor.
import {
  takedownReportPageSchema,
  type TakedownReportPage,
} from '@shark/contracts/takedown-report.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import {
  apiSearchOf,
  type TakedownQuery,
} from '#app/features/takedown-report/lib/report-search.ts';
import { takedownReportKeys } from './takedown-report-keys.ts';

export function getTakedowns(
  query: TakedownQuery,
  signal?: AbortSignal,
): Promise<TakedownReportPage> {
  return api.get(
    `/api/takedowns?${apiSearchOf(query).toString()}`,
    takedownReportPageSchema,
    signal,
  );
}

export function takedownsQueryOptions(userId: string, query: TakedownQuery) {
  return queryOptions({
    queryKey: takedownReportKeys.list(userId, query),
    queryFn: ({ signal }) => getTakedowns(query, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useTakedowns(userId: string, query: TakedownQuery) {
  return useQuery(takedownsQueryOptions(userId, query));
}
