// POST /api/onboarding/free-scan: starts the free scan of the usernames entered. 409 when it has
// run already (or a scan runs): the results are then read again.
import { freeScanResultSchema, type FreeScanResult } from '@shark/contracts/findings.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiClientError } from '#app/lib/api.ts';
import { freeScanQueryKey } from './get-free-scan.ts';

export function startFreeScan(): Promise<FreeScanResult> {
  return api.post('/api/onboarding/free-scan', {}, freeScanResultSchema);
}

export function useStartFreeScan(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startFreeScan,
    onSuccess: (result) => queryClient.setQueryData(freeScanQueryKey(userId), result),
    onError: async (error) => {
      if (isApiClientError(error) && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: freeScanQueryKey(userId) });
      }
    },
  });
}
