// The staff console's creator lookup: one box for an e-mail address, a name, a username, a search term
// or a page address; each creator found links to her page, with what matched.
import { CREATOR_SEARCH_LIMIT, type CreatorMatch } from '@shark/contracts/staff-creators.ts';
import { Link } from '@tanstack/react-router';
import { Search, UserRoundSearch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useCreatorSearch } from '#app/features/staff-creators/api/search-creators.ts';
import { formatDate } from './staff-format.ts';

const MATCH_LABELS: Record<CreatorMatch, string> = {
  email: 'E-mail address',
  name: 'Name',
  username: 'Protected account',
  search_term: 'Search term',
  page: 'Page',
};

export function CreatorSearchPage({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const search = useCreatorSearch(q);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <PageFrame
      title="Creators"
      description="Find a creator by her e-mail address, her name, a username she protects, a search term, or the address of a page: one of her findings, takedowns or profiles."
    >
      <form
        role="search"
        onSubmit={submit}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <TextField
          label="Find a creator"
          className="flex-1"
          value={text}
          onValueChange={setText}
          placeholder="nova@example.com, @novareyes, https://…"
          autoComplete="off"
        />
        <Button type="submit">
          <Search aria-hidden />
          Search
        </Button>
      </form>

      <div className="mt-8">
        {q.trim().length < 2 ? null : search.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : search.isError ? (
          <Alert variant="error">{search.error.message}</Alert>
        ) : search.data.creators.length === 0 ? (
          <EmptyState icon={UserRoundSearch} title="No creator found">
            Nobody’s address, name, protected accounts, search terms or pages match “{q}”. Try the
            full e-mail address or paste the page’s address.
          </EmptyState>
        ) : (
          <Card className="divide-y p-0">
            <ul aria-label="Creators found" className="divide-y">
              {search.data.creators.map((creator) => (
                <li
                  key={creator.id}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3"
                >
                  <div className="min-w-0 flex-1">
                    <Link
                      to="/staff/creators/$id"
                      params={{ id: creator.id }}
                      className="font-medium underline-offset-4 hover:underline"
                    >
                      {creator.name}
                    </Link>
                    <p className="truncate text-sm text-muted-foreground">{creator.email}</p>
                  </div>
                  <div className="flex min-w-0 flex-col items-end gap-1 text-sm">
                    <Badge variant="secondary">{MATCH_LABELS[creator.matchedBy]}</Badge>
                    <span
                      className="max-w-xs truncate text-muted-foreground"
                      title={creator.matched}
                    >
                      {creator.matched}
                    </span>
                  </div>
                  <span className="w-full text-xs text-muted-foreground sm:w-auto">
                    Joined {formatDate(creator.createdAt)}
                    {creator.emailVerified ? '' : ' · address not verified'}
                  </span>
                </li>
              ))}
            </ul>
            {search.data.isTruncated ? (
              <p className="px-4 py-3 text-sm text-muted-foreground">
                The first {CREATOR_SEARCH_LIMIT} are shown: type more of the address or username.
              </p>
            ) : null}
          </Card>
        )}
      </div>
    </PageFrame>
  );
}
