// POST /api/report-leaks/csv: a CSV file as multipart form data (first column: the addresses). The
// server reads the file by its content (text encoding, not binary), so it goes up as it is.
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import { reportLeaksResultSchema, type ReportLeaksResult } from '@shark/contracts/reports.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiClientError, PROVIDER_ID, toApiClientError } from '#app/lib/api.ts';
import { invalidateReportedUrls } from './get-reported-urls.ts';

export async function reportLeaksCsv(file: File): Promise<ReportLeaksResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  // She ticked the ownership statement before the form would send.
  form.append('ownershipConfirmed', 'true');
  let response: Response;
  try {
    // No content-type header: the browser writes the multipart boundary itself.
    response = await fetch('/api/report-leaks/csv', {
      method: 'POST',
      credentials: 'include',
      headers: { [PROVIDER_HEADER]: PROVIDER_ID },
      body: form,
    });
  } catch {
    throw new ApiClientError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: toApiClientError falls back to a message for the status.
  }
  if (!response.ok) throw toApiClientError(response.status, body);
  return reportLeaksResultSchema.parse(body);
}

export function useReportLeaksCsv(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportLeaksCsv,
    onSettled: () => invalidateReportedUrls(queryClient, userId),
  });
}
