// GET /api/staff/audit: staff actions, newest first, filtered, a page at a time (`nextCursor`).
import { auditListSchema, type AuditList, type AuditQuery } from '@shark/contracts/staff.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getAuditLog(query: AuditQuery, signal?: AbortSignal): Promise<AuditList> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string' && value !== '') params.set(name, value);
  }
  const text = params.toString();
  return api.get(`/api/staff/audit${text ? `?${text}` : ''}`, auditListSchema, signal);
}

export function auditLogQueryOptions(filters: Omit<AuditQuery, 'cursor'>) {
  return infiniteQueryOptions({
    queryKey: ['staff', 'audit', filters],
    queryFn: ({ pageParam, signal }) =>
      getAuditLog({ ...filters, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useAuditLog(filters: Omit<AuditQuery, 'cursor'>) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}
