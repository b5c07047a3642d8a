// GET /api/takedowns/{id}: one takedown with its history, recipients, notices and delisting (the
// report's side panel).
import { takedownDetailSchema, type TakedownDetail } from '@shark/contracts/takedowns.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { takedownReportKeys } from './takedown-report-keys.ts';

export function getTakedown(takedownId: string, signal?: AbortSignal): Promise<TakedownDetail> {
  return api.get(`/api/takedowns/${encodeURIComponent(takedownId)}`, takedownDetailSchema, signal);
}

export function takedownQueryOptions(userId: string, takedownId: string) {
  return queryOptions({
    queryKey: takedownReportKeys.detail(userId, takedownId),
    queryFn: ({ signal }) => getTakedown(takedownId, signal),
  });
}

export function useTakedown(userId: string, takedownId: string | undefined) {
  return useQuery({
    ...takedownQueryOptions(userId, takedownId ?? ''),
    enabled: takedownId !== undefined,
  });
}

/** Where the PDF copy of one of the takedown's notices is served (a plain link: the cookie decides). */
export function noticePdfUrl(takedownId: string, noticeId: string): string {
  return `/api/takedowns/${encodeURIComponent(takedownId)}/notices/${encodeURIComponent(noticeId)}.pdf`;
}
