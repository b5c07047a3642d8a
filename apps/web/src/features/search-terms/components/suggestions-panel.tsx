// Suggestions made from the creator's usernames: accept or dismiss each, accept as many as the plan
// allows at once, or make them again after the usernames changed. They are made afresh when the
// page opens, so usernames added on Accounts show up here without a click.
import type { SearchTerm } from '@shark/contracts/search-terms.ts';
import { Link } from '@tanstack/react-router';
import { Check, CheckCheck, RotateCcw, Sparkles, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useAcceptSuggestion } from '#app/features/search-terms/api/accept-suggestion.ts';
import { useAcceptSuggestions } from '#app/features/search-terms/api/accept-suggestions.ts';
import { useDismissSuggestion } from '#app/features/search-terms/api/dismiss-suggestion.ts';
import { useRefreshSuggestions } from '#app/features/search-terms/api/refresh-suggestions.ts';
import { suggestedFromSummary } from '#app/features/search-terms/lib/labels.ts';
import { useUsage } from '#app/features/usage/usage-query.ts';
import { isApiClientError } from '#app/lib/api.ts';

const messageOf = (error: unknown, fallback: string) =>
  isApiClientError(error) ? error.message : fallback;

export function SuggestionsPanel({
  userId,
  suggestions,
  dismissedCount,
}: {
  userId: string;
  suggestions: SearchTerm[];
  dismissedCount: number;
}) {
  const refresh = useRefreshSuggestions(userId);
  const acceptAll = useAcceptSuggestions(userId);
  const usage = useUsage();
  const hasRefreshed = useRef(false);

  useEffect(() => {
    if (hasRefreshed.current) return;
    hasRefreshed.current = true;
    refresh.mutate();
  }, [refresh]);

  const limit = usage.data?.limits.searchTerms;
  const used = usage.data?.usage.searchTerms ?? 0;
  const room =
    limit === undefined || limit === null ? suggestions.length : Math.max(0, limit - used);
  const acceptable = Math.min(room, suggestions.length);
  const hasNoUsernames = refresh.data?.usernameCount === 0;

  function acceptAllThatFit() {
    acceptAll.mutate(
      suggestions.map((s) => s.id),
      {
        onSuccess: (result) => {
          const count = result.accepted.length;
          toast.success(`Accepted ${count} ${count === 1 ? 'suggestion' : 'suggestions'}`, {
            description: result.limitMessage ?? undefined,
          });
        },
        onError: (error) => toast.error(messageOf(error, 'The suggestions could not be accepted.')),
      },
    );
  }

  return (
    <Card className="p-6" aria-labelledby="suggestions-heading" role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id="suggestions-heading"
            className="flex items-center gap-2 text-lg font-semibold tracking-tight"
          >
            <Sparkles aria-hidden="true" className="size-5 text-primary" />
            Suggestions
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Made from your usernames: the phrases leak sites use with them, and common misspellings.
          </p>
        </div>
        <Button
          size="sm"
          variant="outline"
          disabled={refresh.isPending}
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: (result) =>
                toast.success(
                  result.added === 0
                    ? 'No new suggestions'
                    : `${result.added} new ${result.added === 1 ? 'suggestion' : 'suggestions'}`,
                ),
              onError: (error) => toast.error(messageOf(error, 'Suggestions could not be made.')),
            })
          }
        >
          {refresh.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
          Refresh
        </Button>
      </div>

      {refresh.isError ? (
        <Alert variant="error" className="mt-4">
          {messageOf(refresh.error, 'Suggestions could not be made. Try Refresh in a moment.')}
        </Alert>
      ) : null}

      {suggestions.length > 0 ? (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {acceptable > 0 ? (
              <Button size="sm" disabled={acceptAll.isPending} onClick={acceptAllThatFit}>
                {acceptAll.isPending ? <Spinner /> : <CheckCheck aria-hidden="true" />}
                {acceptable === suggestions.length
                  ? `Accept all ${suggestions.length}`
                  : `Accept ${acceptable} that fit your plan`}
              </Button>
            ) : null}
            {acceptable < suggestions.length ? (
              <p className="text-xs text-muted-foreground">
                {room === 0
                  ? 'Your plan’s search terms are all in use.'
                  : `Your plan has room for ${room} more.`}{' '}
                <Link to="/plans" className="font-medium text-primary hover:underline">
                  See plans
                </Link>
              </p>
            ) : null}
          </div>
          <ul aria-label="Suggested search terms" className="mt-4 divide-y rounded-lg border">
            {suggestions.map((suggestion) => (
              <SuggestionRow key={suggestion.id} userId={userId} suggestion={suggestion} />
            ))}
          </ul>
        </>
      ) : refresh.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Making suggestions from your usernames…
        </p>
      ) : hasNoUsernames ? (
        <p className="mt-4 text-sm text-muted-foreground">
          Add your usernames on{' '}
          <Link to="/brands" className="font-medium text-primary hover:underline">
            Accounts
          </Link>{' '}
          and suggestions made from them appear here.
        </p>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">
          No suggestions waiting. New ones appear when you add usernames on Accounts.
        </p>
      )}

      {dismissedCount > 0 ? (
        <p className="mt-4 text-xs text-muted-foreground">
          {dismissedCount} dismissed {dismissedCount === 1 ? 'suggestion is' : 'suggestions are'}{' '}
          hidden and will not be suggested again.
        </p>
      ) : null}
    </Card>
  );
}

function SuggestionRow({ userId, suggestion }: { userId: string; suggestion: SearchTerm }) {
  const accept = useAcceptSuggestion(userId);
  const dismiss = useDismissSuggestion(userId);
  const from = suggestedFromSummary(suggestion);
  const isBusy = accept.isPending || dismiss.isPending;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2.5">
      <div className="min-w-40 flex-1">
        <p className="text-sm font-medium break-words">{suggestion.term}</p>
        {from ? <p className="text-xs text-muted-foreground">from {from}</p> : null}
      </div>
      <div className="flex shrink-0 gap-1.5">
        <Button
          size="sm"
          variant="outline"
          aria-label={`Accept “${suggestion.term}”`}
          disabled={isBusy}
          onClick={() =>
            accept.mutate(suggestion.id, {
              onSuccess: (term) => toast.success(`Now searching for “${term.term}”`),
              onError: (error) =>
                toast.error(messageOf(error, 'The suggestion could not be accepted.')),
            })
          }
        >
          {accept.isPending ? <Spinner /> : <Check aria-hidden="true" />}
          Accept
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Dismiss “${suggestion.term}”`}
          disabled={isBusy}
          onClick={() =>
            dismiss.mutate(suggestion.id, {
              onSuccess: () => toast(`Dismissed “${suggestion.term}”`),
              onError: (error) =>
                toast.error(messageOf(error, 'The suggestion could not be dismissed.')),
            })
          }
        >
          <X aria-hidden="true" />
          Dismiss
        </Button>
      </div>
    </li>
  );
}
