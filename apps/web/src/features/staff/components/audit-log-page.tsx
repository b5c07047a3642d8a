// The audit log: every staff action newest first, filtered by who, what, which record and which
// creator (the filters live in the address), with what each action changed.
import type { AuditEvent } from '@shark/contracts/staff.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { Search, X } from 'lucide-react';
import { type FormEvent } from 'react';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Label } from '#app/components/ui/label.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ListLoadError, ListLoading, ShowMoreButton } from '#app/components/paged-list-states.tsx';
import { useAuditLog } from '#app/features/staff/api/get-audit-log.ts';
import { auditChanges, auditValueText } from '#app/features/staff/lib/audit-changes.ts';
import {
  AUDIT_FILTERS,
  auditFiltersOf,
  searchFromForm,
  type AuditFilter,
  type AuditSearch,
} from '#app/features/staff/lib/audit-search.ts';
import { formatMoment } from '#app/features/staff/lib/format.ts';
import { readForm } from '#app/lib/form-errors.ts';

const FILTER_LABELS: Record<AuditFilter, string> = {
  actor: 'Staff member (e-mail or id)',
  action: 'Action (e.g. staff.grant)',
  targetType: 'Record type',
  targetId: 'Record id',
  subjectUserId: 'Creator id',
};

export function AuditLogPage({ search }: { search: AuditSearch }) {
  const filters = auditFiltersOf(search);
  const log = useAuditLog(filters);
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  const isFiltered = Object.keys(filters).length > 0;

  return (
    <PageFrame
      title="Audit log"
      description="Every change made by staff or from the command line: who, when, from which address, the record, and what it was before and after. The log cannot be edited."
    >
      <div className="grid gap-6">
        <Filters search={search} isFiltered={isFiltered} />
        {log.isPending ? (
          <ListLoading label="Loading the audit log" itemClassName="h-16" />
        ) : log.isError ? (
          <ListLoadError
            what="The audit log"
            error={log.error}
            onRetry={() => void log.refetch()}
          />
        ) : events.length === 0 ? (
          <EmptyState
            icon={Search}
            title={isFiltered ? 'No event matches these filters' : 'Nothing recorded yet'}
          >
            {isFiltered
              ? 'Filters match exactly: check the spelling, or clear them.'
              : 'Staff actions appear here as they happen.'}
          </EmptyState>
        ) : (
          <>
            <ol aria-label="Audit events, newest first" className="grid gap-3">
              {events.map((event) => (
                <AuditEventItem key={event.id} event={event} />
              ))}
            </ol>
            <ShowMoreButton
              hasNextPage={log.hasNextPage}
              isFetchingNextPage={log.isFetchingNextPage}
              onShowMore={() => void log.fetchNextPage()}
            />
          </>
        )}
      </div>
    </PageFrame>
  );
}

function Filters({ search, isFiltered }: { search: AuditSearch; isFiltered: boolean }) {
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = readForm(event.currentTarget, AUDIT_FILTERS);
    void navigate({ to: '/staff/audit', search: searchFromForm(values) });
  }

  return (
    <form
      // A new key when the address changes, so the fields show the filters in force.
      key={JSON.stringify(search)}
      aria-label="Filters"
      onSubmit={handleSubmit}
      className="grid gap-3 rounded-2xl border p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {AUDIT_FILTERS.map((name) => (
        <div key={name} className="grid gap-1.5">
          <Label htmlFor={`audit-${name}`}>{FILTER_LABELS[name]}</Label>
          <Input id={`audit-${name}`} name={name} defaultValue={search[name] ?? ''} />
        </div>
      ))}
      <div className="flex items-end gap-2">
        <Button type="submit">
          <Search aria-hidden="true" />
          Filter
        </Button>
        {isFiltered ? (
          <Button asChild variant="outline">
            <Link to="/staff/audit" search={{}}>
              <X aria-hidden="true" />
              Clear
            </Link>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function FilterLink({ name, value }: { name: AuditFilter; value: string }) {
  return (
    <Link
      to="/staff/audit"
      search={(prev) => ({ ...prev, [name]: value })}
      className="rounded-sm font-mono text-xs break-all underline-offset-2 hover:underline focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none"
      title={`Only events with ${FILTER_LABELS[name].toLowerCase()} ${value}`}
    >
      {value}
    </Link>
  );
}

function AuditEventItem({ event }: { event: AuditEvent }) {
  const changes = auditChanges(event.before, event.after);
  return (
    <li className="grid gap-2 rounded-2xl border p-4 text-sm" data-audit-event={event.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-semibold">{event.action}</span>
        <time dateTime={event.at} className="text-muted-foreground tabular-nums">
          {formatMoment(event.at)}
        </time>
      </div>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">By</dt>
        <dd>
          <FilterLink name="actor" value={event.actorEmail} />
          {event.ipAddress ? (
            <span className="ml-2 text-muted-foreground">from {event.ipAddress}</span>
          ) : null}
        </dd>
        <dt className="text-muted-foreground">Record</dt>
        <dd className="flex flex-wrap gap-x-2">
          <FilterLink name="targetType" value={event.targetType} />
          <FilterLink name="targetId" value={event.targetId} />
        </dd>
        {event.subjectUserId ? (
          <>
            <dt className="text-muted-foreground">Creator</dt>
            <dd>
              <FilterLink name="subjectUserId" value={event.subjectUserId} />
            </dd>
          </>
        ) : null}
      </dl>
      {changes.length > 0 ? (
        <table className="w-full text-left text-xs">
          <caption className="sr-only">What changed</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Field
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Before
              </th>
              <th scope="col" className="py-1 font-medium">
                After
              </th>
            </tr>
          </thead>
          <tbody className="font-mono">
            {changes.map((change) => (
              <tr key={change.field} className="border-t align-top">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {change.field || 'value'}
                </th>
                <td className="py-1 pr-3 break-all">{auditValueText(change.before)}</td>
                <td className="py-1 break-all">{auditValueText(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground">
          Before and after, in full
        </summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <JsonBlock title="Before" value={event.before} />
          <JsonBlock title="After" value={event.after} />
        </div>
      </details>
    </li>
  );
}

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <figure className="grid gap-1">
      <figcaption className="font-medium">{title}</figcaption>
      <pre className="overflow-x-auto rounded-md bg-muted p-2">
        {value === null ? 'nothing' : JSON.stringify(value, null, 2)}
      </pre>
    </figure>
  );
}
