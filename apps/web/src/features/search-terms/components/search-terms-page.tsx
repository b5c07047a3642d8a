// 'Search Engines': the creator's search terms, the form to add one, and suggestions from usernames.
import { RotateCcw } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useSearchTerms } from '#app/features/search-terms/api/get-search-terms.ts';
import { ActiveTerms } from '#app/features/search-terms/components/active-terms.tsx';
import { AddTermForm } from '#app/features/search-terms/components/add-term-form.tsx';
import { SuggestionsPanel } from '#app/features/search-terms/components/suggestions-panel.tsx';
import { UsageMeter } from '#app/features/usage/components/usage-meter.tsx';
import { isApiClientError } from '#app/lib/api.ts';

export function SearchTermsPage({ userId }: { userId: string }) {
  const terms = useSearchTerms(userId);

  return (
    <PageFrame
      title="Search Engines"
      description="The names and phrases we search for on search engines and leak sites. Each term is searched in every scan; pages that show your content become findings."
    >
      <UsageMeter limit="searchTerms" className="mb-6 max-w-md" />
      {terms.isPending ? (
        <div role="status" aria-label="Loading your search terms" className="grid gap-3">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-20 rounded-2xl" />
          <Skeleton className="h-20 rounded-2xl" />
        </div>
      ) : terms.isError ? (
        <div className="grid gap-3">
          <Alert variant="error">
            Your search terms could not be loaded.{' '}
            {isApiClientError(terms.error) ? terms.error.message : 'Try again in a moment.'}
          </Alert>
          <Button variant="outline" className="w-fit" onClick={() => void terms.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="grid gap-6">
            <AddTermForm userId={userId} />
            <section aria-labelledby="active-terms-heading" className="grid gap-3">
              <h2 id="active-terms-heading" className="text-lg font-semibold tracking-tight">
                Your search terms
              </h2>
              <ActiveTerms userId={userId} terms={terms.data.active} />
            </section>
          </div>
          <SuggestionsPanel
            userId={userId}
            suggestions={terms.data.suggested}
            dismissedCount={terms.data.dismissedCount}
          />
        </div>
      )}
    </PageFrame>
  );
}
