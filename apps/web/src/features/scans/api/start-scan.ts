// POST /api/scans: "Scan now". The new scan goes to the top of the list, where its progress is polled.
import { scanSchema, type Scan, type ScanList } from '@shark/contracts/scans.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { scanKeys } from './scan-keys.ts';

export function startScan(): Promise<Scan> {
  return api.post('/api/scans', {}, scanSchema);
}

export function useStartScan(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startScan,
    onSuccess: (scan) => {
      queryClient.setQueryData<ScanList>(scanKeys.list(userId), (list) =>
        list
          ? {
              ...list,
              scans: [scan, ...list.scans.filter((s) => s.id !== scan.id)],
              usedThisMonth: list.usedThisMonth + 1,
            }
          : list,
      );
      queryClient.setQueryData(scanKeys.detail(userId, scan.id), scan);
    },
    // 409 means one runs already: the list shows it. Either way the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: scanKeys.list(userId) }),
  });
}
