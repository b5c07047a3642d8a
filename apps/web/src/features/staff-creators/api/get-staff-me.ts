// GET /api/staff/me: the signed-in staff member's role, which decides whether admin actions are shown.
import { staffMeSchema, type StaffMe } from '@shark/contracts/staff.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  return api.get('/api/staff/me', staffMeSchema, signal);
}

export function staffMeQueryOptions() {
  return queryOptions({
    queryKey: ['staff', 'me'] as const,
    queryFn: ({ signal }) => getStaffMe(signal),
  });
}

export function useStaffMe() {
  return useQuery(staffMeQueryOptions());
}
