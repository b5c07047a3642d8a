// POST /api/staff/support/{id}/close and …/reopen.
import { staffSupportRequestSchema, type StaffSupportRequest } from '@shark/contracts/support.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { staffSupportKeys } from './staff-support-keys.ts';

export function setSupportStatus(
  id: string,
  change: 'close' | 'reopen',
): Promise<StaffSupportRequest> {
  return api.post(
    `/api/staff/support/${encodeURIComponent(id)}/${change}`,
    {},
    staffSupportRequestSchema,
  );
}

export function useSetSupportStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'close' | 'reopen') => setSupportStatus(id, change),
    onSuccess: (request) => queryClient.setQueryData(staffSupportKeys.detail(id), request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffSupportKeys.lists }),
  });
}
