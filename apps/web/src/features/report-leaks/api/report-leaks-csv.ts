// POST /api/report-leaks/csv: a CSV file as multipart form data (first column: the addresses). The
// server reads the file by its content (text encoding, not binary), so it goes up as it is.
import { reportLeaksResultSchema, type ReportLeaksResult } from '@shark/contracts/report-leaks.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '#app/lib/upload-file.ts';
import { invalidateReportedUrls } from './get-reported-urls.ts';

export async function reportLeaksCsv(file: File): Promise<ReportLeaksResult> {
  return uploadFile('/api/report-leaks/csv', {
    file,
    // She ticked the ownership statement before the form would send.
    fields: { ownershipConfirmed: 'true' },
    schema: reportLeaksResultSchema,
  });
}

export function useReportLeaksCsv(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportLeaksCsv,
    onSettled: () => invalidateReportedUrls(queryClient, userId),
  });
}
