// GET /api/staff/registry/pending: Scam Registry reports waiting for review, oldest first.
import {
  staffRiskEntryListSchema,
  type StaffRiskEntryList,
} from '@shark/contracts/staff-moderation.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getPendingReports(signal?: AbortSignal): Promise<StaffRiskEntryList> {
  return api.get('/api/staff/registry/pending', staffRiskEntryListSchema, signal);
}

export function pendingReportsQueryOptions() {
  return queryOptions({
    queryKey: ['staff', 'registry', 'pending'] as const,
    queryFn: ({ signal }) => getPendingReports(signal),
  });
}

export function usePendingReports() {
  return useQuery(pendingReportsQueryOptions());
}
