// GET /api/staff/support/{id}: a request with the creator's address and plan and what it is about.
import { staffSupportRequestSchema, type StaffSupportRequest } from '@shark/contracts/support.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { staffSupportKeys } from './staff-support-keys.ts';

export function getStaffSupportRequest(
  id: string,
  signal?: AbortSignal,
): Promise<StaffSupportRequest> {
  return api.get(`/api/staff/support/${encodeURIComponent(id)}`, staffSupportRequestSchema, signal);
}

export function staffSupportRequestQueryOptions(id: string) {
  return queryOptions({
    queryKey: staffSupportKeys.detail(id),
    queryFn: ({ signal }) => getStaffSupportRequest(id, signal),
  });
}
