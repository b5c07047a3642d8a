// The items' filters on Your Content: the search box (its text settles into the URL) and the type links.
import { CONTENT_TYPES, type ContentType } from '@shark/contracts/content.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '#app/components/ui/input.tsx';
import type { ContentSearch } from '#app/features/content/content-search.ts';
import { useDebouncedValue } from '#app/features/content/lib/use-debounced-value.ts';
import { cn } from '#app/lib/utils.ts';

const TYPE_FILTER_LABELS: Record<ContentType, string> = {
  photo: 'Photos',
  video: 'Videos',
  set: 'Sets',
};

export function FilterBar({ search }: { search: ContentSearch }) {
  const navigate = useNavigate({ from: '/branches' });
  const searchId = useId();
  const [text, setText] = useState(search.q ?? '');
  const settled = useDebouncedValue(text.trim(), 300);

  // The URL changed from elsewhere (a link, back, "Clear filters"): show its text.
  useEffect(() => {
    setText((current) => (current.trim() === (search.q ?? '') ? current : (search.q ?? '')));
  }, [search.q]);

  // Only the typed text moves the URL: a URL changed elsewhere must not be undone by stale text.
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled === (search.q ?? '')) return;
    void navigate({
      search: (prev) => ({ ...prev, q: settled === '' ? undefined : settled }),
      replace: true,
    });
  }, [settled, search.q, navigate]);

  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative min-w-0 flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <label htmlFor={searchId} className="sr-only">
          Search items
        </label>
        <Input
          id={searchId}
          type="search"
          placeholder="Search titles and descriptions"
          className="pl-9"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div role="group" aria-label="Type" className="flex shrink-0 rounded-lg border p-0.5">
        {[undefined, ...CONTENT_TYPES].map((type) => {
          const isCurrent = search.type === type;
          return (
            <Link
              key={type ?? 'all'}
              to="/branches"
              search={(prev) => ({ ...prev, type })}
              replace
              aria-current={isCurrent ? 'true' : undefined}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50',
                isCurrent && 'bg-primary text-primary-foreground hover:bg-primary/90',
              )}
            >
              {type ? TYPE_FILTER_LABELS[type] : 'All types'}
            </Link>
          );
        })}
      </div>
    </div>
  );
}
