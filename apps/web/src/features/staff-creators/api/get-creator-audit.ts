// GET /api/staff/audit?subjectUserId=: the staff actions recorded on one creator, newest first.
import { auditListSchema, type AuditList } from '@shark/contracts/staff.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getCreatorAudit(id: string, signal?: AbortSignal): Promise<AuditList> {
  return api.get(
    `/api/staff/audit?subjectUserId=${encodeURIComponent(id)}`,
    auditListSchema,
    signal,
  );
}

export function creatorAuditQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['staff', 'creators', id, 'audit'] as const,
    queryFn: ({ signal }) => getCreatorAudit(id, signal),
  });
}

export function useCreatorAudit(id: string) {
  return useQuery(creatorAuditQueryOptions(id));
}
