// The whitelist: each entry with its kind, note and date; a filter, and deleting one or several
// (with confirmation).
import type { WhitelistEntry, WhitelistKind } from '@shark/contracts/whitelist.ts';
import { Asterisk, Globe, Link2, ListChecks, Search, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { DeleteEntriesDialog } from '#app/features/whitelist/components/delete-entries-dialog.tsx';
import {
  formatAddedDate,
  KIND_DESCRIPTIONS,
  KIND_LABELS,
} from '#app/features/whitelist/lib/labels.ts';

const PAGE_SIZE = 100;

const KIND_ICONS: Record<WhitelistKind, ReactNode> = {
  domain: <Globe aria-hidden="true" />,
  url: <Link2 aria-hidden="true" />,
  pattern: <Asterisk aria-hidden="true" />,
};

function matchesFilter(entry: WhitelistEntry, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return true;
  return [entry.display, entry.value, entry.input, entry.note ?? '', KIND_LABELS[entry.kind]].some(
    (text) => text.toLowerCase().includes(needle),
  );
}

export function EntryList({ userId, entries }: { userId: string; entries: WhitelistEntry[] }) {
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<WhitelistEntry[]>();

  const visible = useMemo(() => entries.filter((e) => matchesFilter(e, filter)), [entries, filter]);
  // Entries deleted elsewhere (another tab) drop out of the selection.
  const selectedEntries = entries.filter((e) => selected.has(e.id));

  if (entries.length === 0) {
    return (
      <EmptyState icon={ListChecks} title="Your whitelist is empty">
        Add the sites and pages that may show your content: your own website and link pages,
        licensed partners, affiliate sites. We never report or take down anything on this list.
      </EmptyState>
    );
  }

  function toggle(id: string, isOn: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const page = visible.slice(0, shown);
  const isAllShownSelected = page.length > 0 && page.every((e) => selected.has(e.id));

  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative sm:max-w-xs sm:flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Filter the whitelist"
            placeholder="Filter by address or note"
            className="pl-9"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setShown(PAGE_SIZE);
            }}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={isAllShownSelected}
              onChange={(event) => {
                const isOn = event.target.checked;
                setSelected((current) => {
                  const next = new Set(current);
                  for (const entry of page) {
                    if (isOn) next.add(entry.id);
                    else next.delete(entry.id);
                  }
                  return next;
                });
              }}
            />
            Select all shown
          </label>
          <Button
            size="sm"
            variant="outline"
            disabled={selectedEntries.length === 0}
            onClick={() => setToDelete(selectedEntries)}
          >
            <Trash2 aria-hidden="true" />
            Delete Selected{selectedEntries.length > 0 ? ` (${selectedEntries.length})` : ''}
          </Button>
        </div>
      </div>

      {visible.length === 0 ? (
        <p
          role="status"
          className="rounded-2xl border border-dashed p-6 text-center text-sm text-muted-foreground"
        >
          No entry matches “{filter.trim()}”.
        </p>
      ) : (
        <ul aria-label="Whitelist entries" className="divide-y rounded-2xl border bg-card">
          {page.map((entry) => (
            <li key={entry.id} className="flex items-start gap-3 p-4">
              <input
                type="checkbox"
                className="mt-1 size-4 shrink-0 accent-primary"
                aria-label={`Select ${entry.display}`}
                checked={selected.has(entry.id)}
                onChange={(event) => toggle(entry.id, event.target.checked)}
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="secondary" title={KIND_DESCRIPTIONS[entry.kind]}>
                    {KIND_ICONS[entry.kind]}
                    {KIND_LABELS[entry.kind]}
                  </Badge>
                  <span className="font-mono text-sm break-all">{entry.display}</span>
                </div>
                {entry.input.trim() !== entry.display ? (
                  <p className="mt-1 text-xs break-all text-muted-foreground">
                    Entered as {entry.input}
                  </p>
                ) : null}
                {entry.note ? <p className="mt-1 text-sm break-words">{entry.note}</p> : null}
                <p className="mt-1 text-xs text-muted-foreground">
                  Added <time dateTime={entry.createdAt}>{formatAddedDate(entry.createdAt)}</time>
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Delete ${entry.display}`}
                onClick={() => setToDelete([entry])}
              >
                <Trash2 aria-hidden="true" />
                <span className="hidden sm:inline">Delete</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {visible.length > page.length ? (
        <Button variant="outline" className="w-fit" onClick={() => setShown((n) => n + PAGE_SIZE)}>
          Show {Math.min(PAGE_SIZE, visible.length - page.length)} More (of{' '}
          {visible.length - page.length})
        </Button>
      ) : null}

      <DeleteEntriesDialog
        userId={userId}
        entries={toDelete}
        onClose={() => setToDelete(undefined)}
        onDeleted={(ids) =>
          setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))))
        }
      />
    </div>
  );
}
