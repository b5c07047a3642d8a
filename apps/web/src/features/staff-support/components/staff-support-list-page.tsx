// /staff/support: every creator's support requests — waiting ones first, Premium first, then the
// oldest waiting — filtered by status and creator, a page at a time.
import { SUPPORT_STATUSES } from '@shark/contracts/support.ts';
import { Link } from '@tanstack/react-router';
import { Inbox, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ListLoadError, ListLoading } from '#app/components/paged-list-states.tsx';
import { SupportStatusBadge, formatSupportTime } from '#app/components/support-thread.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Label } from '#app/components/ui/label.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { useStaffSupportRequests } from '#app/features/staff-support/api/get-staff-support-requests.ts';
import {
  STAFF_STATUS_LABELS,
  type StaffSupportSearch,
} from '#app/features/staff-support/lib/staff-support-search.ts';

export function StaffSupportListPage({
  search,
  onSearch,
}: {
  search: StaffSupportSearch;
  onSearch: (next: StaffSupportSearch) => void;
}) {
  const requests = useStaffSupportRequests({
    status: search.state,
    creator: search.creator,
    page: search.page,
  });
  const [creator, setCreator] = useState(search.creator ?? '');
  const page = search.page ?? 1;

  function handleFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch({ ...search, creator: creator.trim() || undefined, page: undefined });
  }

  return (
    <PageFrame
      title="Support"
      description="Creators’ requests: waiting ones first, Premium first, then the oldest waiting."
    >
      <form
        role="search"
        aria-label="Filter requests"
        onSubmit={handleFilter}
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        <div className="grid gap-2">
          <Label htmlFor="support-status">Status</Label>
          <NativeSelect
            id="support-status"
            value={search.state ?? ''}
            onChange={(event) =>
              onSearch({
                ...search,
                state: SUPPORT_STATUSES.find((s) => s === event.target.value),
                page: undefined,
              })
            }
          >
            <option value="">All</option>
            {SUPPORT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STAFF_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="support-creator">Creator (e-mail or id)</Label>
          <Input
            id="support-creator"
            value={creator}
            onChange={(event) => setCreator(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          Filter
        </Button>
      </form>
      {requests.isPending ? (
        <ListLoading label="Loading requests" itemClassName="h-20" />
      ) : requests.isError ? (
        <ListLoadError
          what="The requests"
          error={requests.error}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.requests.length === 0 ? (
        <EmptyState icon={Inbox} title="No requests">
          No support request matches these filters.
        </EmptyState>
      ) : (
        <div className="grid gap-4">
          <ul aria-label="Support requests" className="grid gap-3">
            {requests.data.requests.map((request) => (
              <li key={request.id}>
                <Link
                  to="/staff/support/$id"
                  params={{ id: request.id }}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border bg-card p-4 transition-colors hover:bg-accent/40 focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none"
                >
                  <span className="grid min-w-0 gap-1">
                    <span className="truncate font-medium">{request.subject}</span>
                    <span className="text-xs text-muted-foreground">
                      {request.creator.email} · last message{' '}
                      <time dateTime={request.lastMessageAt}>
                        {formatSupportTime(request.lastMessageAt)}
                      </time>
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <Badge variant={request.creator.tier === 'premium' ? 'default' : 'outline'}>
                      {request.creator.tierName}
                    </Badge>
                    <SupportStatusBadge status={request.status} labels={STAFF_STATUS_LABELS} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex gap-3">
            {page > 1 ? (
              <Button variant="outline" onClick={() => onSearch({ ...search, page: page - 1 })}>
                Previous page
              </Button>
            ) : null}
            {requests.data.hasMore ? (
              <Button variant="outline" onClick={() => onSearch({ ...search, page: page + 1 })}>
                Next page
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </PageFrame>
  );
}
