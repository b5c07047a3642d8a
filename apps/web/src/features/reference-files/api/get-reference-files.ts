// GET /api/reference-files: the creator's uploaded files with their status, polled while any is being fingerprinted.
import {
  referenceFileListSchema,
  type ReferenceFileList,
} from '@shark/contracts/reference-files.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceFileKeys } from '#app/features/reference-files/api/reference-file-keys.ts';
import { api } from '#app/lib/api.ts';

/** How often the list is asked again while a file waits for or undergoes fingerprinting. */
export const PROCESSING_POLL_MS = 2000;

export function getReferenceFiles(signal?: AbortSignal): Promise<ReferenceFileList> {
  return api.get('/api/reference-files', referenceFileListSchema, signal);
}

export const isInProgress = (file: ReferenceFileList['files'][number]) =>
  file.status === 'queued' || file.status === 'processing';

export function referenceFilesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: referenceFileKeys.list(userId),
    queryFn: ({ signal }) => getReferenceFiles(signal),
    refetchInterval: (query) =>
      query.state.data?.files.some(isInProgress) ? PROCESSING_POLL_MS : false,
  });
}

export function useReferenceFiles(userId: string) {
  return useQuery(referenceFilesQueryOptions(userId));
}
