// POST /api/staff/support/{id}/answer: the team's answer; the creator is notified.
import { staffSupportRequestSchema, type StaffSupportRequest } from '@shark/contracts/support.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { staffSupportKeys } from './staff-support-keys.ts';

export function answerSupportRequest(id: string, message: string): Promise<StaffSupportRequest> {
  return api.post(
    `/api/staff/support/${encodeURIComponent(id)}/answer`,
    { message },
    staffSupportRequestSchema,
  );
}

export function useAnswerSupportRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => answerSupportRequest(id, message),
    onSuccess: (request) => queryClient.setQueryData(staffSupportKeys.detail(id), request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffSupportKeys.lists }),
  });
}
