// POST /api/staff/members/revoke: takes an account's staff role away (admins only).
import { revokeStaffResultSchema, type RevokeStaff } from '@shark/contracts/staff.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { staffMembersQueryOptions } from './get-staff-members.ts';

export function revokeStaff(input: RevokeStaff): Promise<{ revoked: boolean }> {
  return api.post('/api/staff/members/revoke', input, revokeStaffResultSchema);
}

export function useRevokeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeStaff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffMembersQueryOptions.queryKey }),
  });
}
