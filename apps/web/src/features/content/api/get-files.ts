// GET /api/content/files: the creator's reference files to link, newest first, a page at a time.
import { contentFileListSchema, type ContentFileList } from '@shark/contracts/content.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { api } from '#app/lib/api.ts';

const FILES_PAGE_SIZE = 48;

export function getFiles(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ContentFileList> {
  const params = new URLSearchParams({ limit: String(FILES_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return api.get(`/api/content/files?${params.toString()}`, contentFileListSchema, signal);
}

export function filesQueryOptions(userId: string, q: string) {
  return infiniteQueryOptions({
    queryKey: contentKeys.files(userId, q),
    queryFn: ({ pageParam, signal }) => getFiles(q, pageParam, signal),
    // Changes made here invalidate it; the page's loader and the page share one request.
    staleTime: 15_000,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useFiles(userId: string, q: string) {
  return useInfiniteQuery(filesQueryOptions(userId, q));
}
