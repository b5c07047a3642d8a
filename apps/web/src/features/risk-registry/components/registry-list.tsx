// The published registry: a search over names, identifiers and descriptions, a kind filter (both kept
// in the page's address), the entries a page at a time, each opening its details.
import {
  RISK_KIND_LABELS,
  RISK_REGISTRY_KINDS,
  RISK_SEARCH_MAX_LENGTH,
} from '@shark/contracts/risk-registry.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  RotateCcw,
  Search,
  SearchX,
  ShieldAlert,
} from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { FormField, TextField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useRiskRegistry } from '#app/features/risk-registry/api/get-risk-registry.ts';
import { queryOf, type RegistrySearch } from '#app/features/risk-registry/lib/registry-search.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { EntryFacts, KindBadge } from './entry-facts.tsx';

export function RegistryList({ userId, search }: { userId: string; search: RegistrySearch }) {
  const query = queryOf(search);
  const registry = useRiskRegistry(userId, query);
  const data = registry.data;
  const hasFilters = query.q !== undefined || query.kind !== undefined;

  return (
    <div className="grid gap-4">
      <SearchForm key={`${search.q ?? ''}|${search.category ?? ''}`} search={search} />
      {data === undefined && !registry.isError ? (
        <div role="status" aria-label="Loading the registry" className="grid gap-3">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-40 rounded-2xl" />
        </div>
      ) : data === undefined || registry.isError ? (
        <div className="grid gap-3">
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>
              The registry could not be loaded.{' '}
              {isApiClientError(registry.error) ? registry.error.message : 'Try again in a moment.'}
            </p>
          </Alert>
          <Button variant="outline" className="w-fit" onClick={() => void registry.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : data.total === 0 && !hasFilters ? (
        <EmptyState
          icon={ShieldAlert}
          title="No scams are listed yet"
          action={
            <Button asChild variant="outline">
              <Link to="/risk-registry" search={{ tab: 'report' }}>
                Report a scam
              </Link>
            </Button>
          }
        >
          Fake agencies, fake takedown services, leak sellers and phishing accounts appear here once
          our team has checked the reports.
        </EmptyState>
      ) : data.total === 0 ? (
        <EmptyState
          icon={SearchX}
          title="Nothing in the registry matches"
          action={
            <Button asChild variant="outline">
              <Link to="/risk-registry" search={{}}>
                Clear the search
              </Link>
            </Button>
          }
        >
          No listed scam matches this search. That is not proof that someone is safe: ask for
          references before you work with them, and report them if something feels wrong.
        </EmptyState>
      ) : (
        <section aria-labelledby="registry-results" className="grid gap-3">
          <h2 id="registry-results" className="text-sm text-muted-foreground" aria-live="polite">
            {data.total === 1 ? '1 listed scam' : `${data.total} listed scams`}
            {hasFilters ? ' match' : ''}
          </h2>
          <ol className="grid gap-3" aria-label="Listed scams">
            {data.entries.map((entry) => (
              <li key={entry.id}>
                <Card>
                  <CardHeader>
                    <div className="flex flex-wrap items-center gap-2">
                      <KindBadge kind={entry.kind} />
                    </div>
                    <h3 className="text-lg font-semibold tracking-tight break-words">
                      {entry.name}
                    </h3>
                  </CardHeader>
                  <CardContent className="grid gap-4">
                    <p className="line-clamp-3 text-sm whitespace-pre-line">{entry.description}</p>
                    <EntryFacts entry={entry} />
                    <Button asChild variant="outline" className="w-fit">
                      <Link to="/risk-registry" search={(prev) => ({ ...prev, entry: entry.id })}>
                        Details<span className="sr-only"> of {entry.name}</span>
                      </Link>
                    </Button>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ol>
          {data.total > data.pageSize ? (
            <nav
              aria-label="Pages of the registry"
              className="flex items-center justify-between gap-2"
            >
              <PageLink
                page={query.page - 1}
                disabled={query.page <= 1 || registry.isPlaceholderData}
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </PageLink>
              <span className="text-sm text-muted-foreground">
                Page {query.page} of {Math.ceil(data.total / data.pageSize)}
              </span>
              <PageLink
                page={query.page + 1}
                disabled={query.page * data.pageSize >= data.total || registry.isPlaceholderData}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </PageLink>
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}

function PageLink({
  page,
  disabled,
  children,
}: {
  page: number;
  disabled: boolean;
  children: ReactNode;
}) {
  if (disabled) {
    return (
      <Button variant="outline" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <Link
        to="/risk-registry"
        search={(prev) => ({ ...prev, page: page <= 1 ? undefined : page })}
      >
        {children}
      </Link>
    </Button>
  );
}

function SearchForm({ search }: { search: RegistrySearch }) {
  const navigate = useNavigate({ from: '/risk-registry' });
  const [q, setQ] = useState(search.q ?? '');
  const [kind, setKind] = useState<string>(search.category ?? '');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = q.trim();
    void navigate({
      search: (prev) => ({
        ...prev,
        q: text === '' ? undefined : text.slice(0, RISK_SEARCH_MAX_LENGTH),
        category: (RISK_REGISTRY_KINDS as readonly string[]).includes(kind)
          ? (kind as RegistrySearch['category'])
          : undefined,
        page: undefined,
        entry: undefined,
      }),
    });
  }

  return (
    <form
      role="search"
      aria-label="Search the registry"
      onSubmit={handleSubmit}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-end"
    >
      <TextField
        label="Name, website, handle or e-mail"
        name="q"
        type="search"
        autoComplete="off"
        maxLength={RISK_SEARCH_MAX_LENGTH}
        value={q}
        onValueChange={setQ}
      />
      <FormField label="Kind">
        {(control) => (
          <NativeSelect
            {...control}
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.target.value)}
          >
            <option value="">Every kind</option>
            {RISK_REGISTRY_KINDS.map((k) => (
              <option key={k} value={k}>
                {RISK_KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
