// POST /api/whitelist/import/file: a CSV file as multipart form data. The server judges the file by
// its content (text encoding, not binary), so the file goes up as it is rather than read here.
import { whitelistBulkReportSchema, type WhitelistBulkReport } from '@shark/contracts/whitelist.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '#app/lib/upload-file.ts';
import { invalidateWhitelist } from './get-whitelist.ts';

export async function importWhitelistFile(file: File): Promise<WhitelistBulkReport> {
  return uploadFile('/api/whitelist/import/file', { file, schema: whitelistBulkReportSchema });
}

export function useImportWhitelistFile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWhitelistFile,
    onSettled: () => invalidateWhitelist(queryClient, userId),
  });
}
