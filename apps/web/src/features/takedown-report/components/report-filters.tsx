// The report's filters, kept in the page's address: statuses (any number), kind, kind of site, a
// search in the page address and host, and the confirmation dates. Any change starts again at page one.
import { SITE_KINDS } from '@shark/contracts/findings.ts';
import {
  SITE_KIND_LABELS,
  TAKEDOWN_KIND_LABELS,
  TAKEDOWN_KINDS,
  TAKEDOWN_STATUSES,
  TAKEDOWN_STATUS_LABELS,
  TAKEDOWN_SEARCH_MAX,
  type TakedownStatus,
} from '@shark/contracts/takedown-report.ts';
import { useNavigate } from '@tanstack/react-router';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Label } from '#app/components/ui/label.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import {
  hasFilters,
  type TakedownReportSearch,
} from '#app/features/takedown-report/lib/report-search.ts';
import { cn } from '#app/lib/utils.ts';

/** `value`, once it has stopped changing for `delayMs` (typing does not send a request per key). */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function ReportFilters({ search }: { search: TakedownReportSearch }) {
  const navigate = useNavigate({ from: '/takedown-report' });
  const ids = { q: useId(), kind: useId(), siteKind: useId(), from: useId(), to: useId() };
  const [text, setText] = useState(search.q ?? '');
  const settled = useSettled(text.trim(), 300);

  /** A filter changed: the page's place (cursor) no longer means anything. */
  const update = (patch: Partial<TakedownReportSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, cursor: undefined }), replace: true });

  // The address changed elsewhere (back, "Clear filters"): show its text.
  useEffect(() => {
    setText((current) => (current.trim() === (search.q ?? '') ? current : (search.q ?? '')));
  }, [search.q]);

  // Only typing moves the address: an address changed elsewhere is not undone by stale text.
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled === (search.q ?? '')) return;
    void navigate({
      search: (prev) => ({ ...prev, q: settled === '' ? undefined : settled, cursor: undefined }),
      replace: true,
    });
  }, [settled, search.q, navigate]);

  const statuses = search.status ?? [];
  const toggle = (status: TakedownStatus) => {
    const next = statuses.includes(status)
      ? statuses.filter((s) => s !== status)
      : [...statuses, status];
    update({ status: next.length === 0 ? undefined : next });
  };

  return (
    <section aria-label="Filters" className="grid gap-4 rounded-2xl border bg-card p-4">
      <div role="group" aria-label="Status" className="flex flex-wrap items-center gap-2">
        <span className="mr-1 text-sm font-medium">Status</span>
        {TAKEDOWN_STATUSES.map((status) => {
          const isOn = statuses.includes(status);
          return (
            <button
              key={status}
              type="button"
              aria-pressed={isOn}
              onClick={() => toggle(status)}
              className={cn(
                'rounded-full border px-3 py-1 text-xs font-medium transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50',
                isOn && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
              )}
            >
              {TAKEDOWN_STATUS_LABELS[status]}
            </button>
          );
        })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.q}>Search</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={ids.q}
              type="search"
              placeholder="Page address or host"
              className="pl-9"
              maxLength={TAKEDOWN_SEARCH_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.kind}>Kind</Label>
          <NativeSelect
            id={ids.kind}
            value={search.kind ?? ''}
            onChange={(event) =>
              update({
                kind: TAKEDOWN_KINDS.find((k) => k === event.target.value),
              })
            }
          >
            <option value="">All kinds</option>
            {TAKEDOWN_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {TAKEDOWN_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.siteKind}>Kind of site</Label>
          <NativeSelect
            id={ids.siteKind}
            value={search.siteKind ?? ''}
            onChange={(event) =>
              update({ siteKind: SITE_KINDS.find((k) => k === event.target.value) })
            }
          >
            <option value="">All sites</option>
            {SITE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {SITE_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.from}>Confirmed from</Label>
          <Input
            id={ids.from}
            type="date"
            value={search.from ?? ''}
            max={search.to}
            onChange={(event) => update({ from: event.target.value || undefined })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.to}>Confirmed until</Label>
          <Input
            id={ids.to}
            type="date"
            value={search.to ?? ''}
            min={search.from}
            onChange={(event) => update({ to: event.target.value || undefined })}
          />
        </div>
      </div>
      {hasFilters(search) ? (
        <Button
          variant="ghost"
          size="sm"
          className="w-fit"
          onClick={() => {
            setText('');
            update({
              status: undefined,
              kind: undefined,
              siteKind: undefined,
              q: undefined,
              from: undefined,
              to: undefined,
            });
          }}
        >
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </section>
  );
}
