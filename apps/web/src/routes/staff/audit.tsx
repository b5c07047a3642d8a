import { createFileRoute } from '@tanstack/react-router';
import { auditLogQueryOptions } from '#app/features/staff/api/get-audit-log.ts';
import { AuditLogPage } from '#app/features/staff/components/audit-log-page.tsx';
import { auditFiltersOf, auditSearchSchema } from '#app/features/staff/lib/audit-search.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/staff/audit')({
  validateSearch: auditSearchSchema,
  loaderDeps: ({ search }) => auditFiltersOf(search),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(auditLogQueryOptions(deps));
  },
  component: AuditLog,
});

function AuditLog() {
  const search = Route.useSearch();
  usePageTitle('Audit log');
  return <AuditLogPage search={search} />;
}
