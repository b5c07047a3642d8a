// POST /api/whitelist/import/file: a CSV file as multipart form data. The server judges the file by
// its content (text encoding, not binary), so the file goes up as it is rather than read here.
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import { whitelistBulkReportSchema, type WhitelistBulkReport } from '@shark/contracts/whitelist.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiClientError, PROVIDER_ID, toApiClientError } from '#app/lib/api.ts';
import { invalidateWhitelist } from './get-whitelist.ts';

export async function importWhitelistFile(file: File): Promise<WhitelistBulkReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    // No content-type header: the browser writes the multipart boundary itself.
    response = await fetch('/api/whitelist/import/file', {
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
  return whitelistBulkReportSchema.parse(body);
}

export function useImportWhitelistFile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWhitelistFile,
    onSettled: () => invalidateWhitelist(queryClient, userId),
  });
}
