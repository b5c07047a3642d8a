// GET /api/staff/me: the signed-in staff member and whether two-factor is on. 404 for everyone else
// (signed out or a creator), so the staff area's guard and the sign-in page both read it.
import { staffMeSchema } from '@shark/contracts/staff-mini.ts';
import type { StaffMe } from '@shark/contracts/staff.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  return api.get('/api/staff/me', staffMeSchema, signal);
}

export const staffMeQueryOptions = queryOptions({
  queryKey: ['staff', 'me'],
  queryFn: ({ signal }) => getStaffMe(signal),
  // A role taken away or two-factor turned off shows at the next page within half a minute.
  staleTime: 30_000,
  retry: false,
});
