// POST /api/staff/members: gives an account a staff role, or changes it (admins only).
import { staffMemberSchema, type GrantStaff, type StaffMember } from '@shark/contracts/staff.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { staffMembersQueryOptions } from './get-staff-members.ts';

export function grantStaff(input: GrantStaff): Promise<StaffMember> {
  return api.post('/api/staff/members', input, staffMemberSchema);
}

export function useGrantStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantStaff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffMembersQueryOptions.queryKey }),
  });
}
