// GET /api/staff/members: every staff member with role and two-factor state (admins only).
import { staffMemberListSchema, type StaffMemberList } from '@shark/contracts/staff.ts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getStaffMembers(signal?: AbortSignal): Promise<StaffMemberList> {
  return api.get('/api/staff/members', staffMemberListSchema, signal);
}

export const staffMembersQueryOptions = queryOptions({
  queryKey: ['staff', 'members'],
  queryFn: ({ signal }) => getStaffMembers(signal),
});

export function useStaffMembers(): StaffMemberList {
  return useSuspenseQuery(staffMembersQueryOptions).data;
}
