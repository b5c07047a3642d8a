// GET /api/staff/support: a page of requests, open first, Premium first, oldest waiting first.
import {
  staffSupportListSchema,
  type StaffSupportList,
  type StaffSupportQuery,
} from '@shark/contracts/support.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { staffSupportKeys } from './staff-support-keys.ts';

export function getStaffSupportRequests(
  query: StaffSupportQuery,
  signal?: AbortSignal,
): Promise<StaffSupportList> {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.creator) params.set('creator', query.creator);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const qs = params.toString();
  return api.get(`/api/staff/support${qs ? `?${qs}` : ''}`, staffSupportListSchema, signal);
}

export function staffSupportRequestsQueryOptions(query: StaffSupportQuery) {
  return queryOptions({
    queryKey: staffSupportKeys.list(query),
    queryFn: ({ signal }) => getStaffSupportRequests(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaffSupportRequests(query: StaffSupportQuery) {
  return useQuery(staffSupportRequestsQueryOptions(query));
}
