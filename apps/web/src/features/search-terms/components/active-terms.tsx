// The terms Shark searches for: each with its sources, what it found last time, and edit / delete.
import {
  updateSearchTermSchema,
  type DiscoverySource,
  type SearchTerm,
} from '@shark/contracts/search-terms.ts';
import { Pencil, Search, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useDeleteSearchTerm } from '#app/features/search-terms/api/delete-search-term.ts';
import { useUpdateSearchTerm } from '#app/features/search-terms/api/update-search-term.ts';
import { SourcesPicker } from '#app/features/search-terms/components/sources-picker.tsx';
import {
  lastResultsSummary,
  sourcesSummary,
  suggestedFromSummary,
} from '#app/features/search-terms/lib/labels.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';
import { cn } from '#app/lib/utils.ts';

export function ActiveTerms({ userId, terms }: { userId: string; terms: SearchTerm[] }) {
  if (terms.length === 0) {
    return (
      <EmptyState icon={Search} title="No search terms yet">
        Add a name or phrase above, or accept a suggestion made from your usernames. Each term is
        searched on the search engines and leak sites you choose.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Your search terms" className="divide-y rounded-2xl border bg-card">
      {terms.map((term) => (
        <TermRow key={term.id} userId={userId} term={term} />
      ))}
    </ul>
  );
}

function TermRow({ userId, term }: { userId: string; term: SearchTerm }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const remove = useDeleteSearchTerm(userId);
  const from = suggestedFromSummary(term);

  if (mode === 'edit') {
    return (
      <li className="p-4">
        <EditTermForm userId={userId} term={term} onDone={() => setMode('view')} />
      </li>
    );
  }

  return (
    // While a deletion is confirmed, the question takes a line of its own under the term.
    <li
      className={cn(
        'flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between',
        mode === 'confirm-delete' && 'sm:flex-wrap',
      )}
    >
      <div className="min-w-0">
        <p className="font-medium break-words">{term.term}</p>
        <dl className="mt-1 grid gap-0.5 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>Sources:</dt>
            <dd>{sourcesSummary(term.sources)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Last results:</dt>
            <dd>{lastResultsSummary(term.lastResults)}</dd>
          </div>
        </dl>
        {from ? (
          <Badge variant="secondary" className="mt-2">
            Suggested from {from}
          </Badge>
        ) : null}
      </div>
      {mode === 'confirm-delete' ? (
        <div className="flex flex-wrap items-center gap-2 sm:basis-full sm:justify-end">
          <span className="text-sm">Stop searching for “{term.term}”?</span>
          <Button
            size="sm"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(term.id, {
                onSuccess: () => toast.success(`Deleted “${term.term}”`),
                onError: (error) => {
                  setMode('view');
                  toast.error(
                    isApiClientError(error) ? error.message : 'The term could not be deleted.',
                  );
                },
              })
            }
          >
            {remove.isPending ? <Spinner /> : null}
            Delete
          </Button>
          <Button size="sm" variant="outline" onClick={() => setMode('view')}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-label={`Edit “${term.term}”`}
            onClick={() => setMode('edit')}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Delete “${term.term}”`}
            onClick={() => setMode('confirm-delete')}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

const EDIT_FIELDS = ['term', 'sources'] as const;

function EditTermForm({
  userId,
  term,
  onDone,
}: {
  userId: string;
  term: SearchTerm;
  onDone: () => void;
}) {
  const update = useUpdateSearchTerm(userId);
  const [text, setText] = useState(term.term);
  const [sources, setSources] = useState<DiscoverySource[]>(term.sources);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = updateSearchTermSchema.safeParse({ term: text, sources });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(
      { id: term.id, ...parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(`Saved “${saved.term}”`);
          onDone();
        },
        onError: (error) => {
          const result = formErrorsFromApi(error, EDIT_FIELDS);
          setErrors(result.fields);
          setFormError(result.message);
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label={`Edit “${term.term}”`}
      className="grid gap-4"
    >
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <TextField
        label="Search term"
        error={errors.term}
        name="term"
        autoComplete="off"
        value={text}
        onValueChange={setText}
      />
      <SourcesPicker value={sources} onChange={setSources} error={errors.sources} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
