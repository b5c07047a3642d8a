// The states a paged list of hers goes through around its items: loading, failed to load (with a
// retry), and the "Show more" button while more pages wait.
import { RotateCcw } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import { cn } from '#app/lib/utils.ts';

/** Two placeholder items; `label` names the status for screen readers. */
export function ListLoading({ label, itemClassName }: { label: string; itemClassName: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      <Skeleton className={cn(itemClassName, 'rounded-2xl')} />
      <Skeleton className={cn(itemClassName, 'rounded-2xl')} />
    </div>
  );
}

/** `what` opens the sentence, e.g. "Your reported addresses". */
export function ListLoadError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div className="grid gap-3">
      <Alert variant="error">
        {what} could not be loaded.{' '}
        {isApiClientError(error) ? error.message : 'Try again in a moment.'}
      </Alert>
      <Button variant="outline" className="w-fit" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/** Nothing when no page is left; disabled with a spinner while the next page loads. */
export function ShowMoreButton({
  hasNextPage,
  isFetchingNextPage,
  onShowMore,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onShowMore: () => void;
}) {
  if (!hasNextPage) return null;
  return (
    <Button variant="outline" className="w-fit" disabled={isFetchingNextPage} onClick={onShowMore}>
      {isFetchingNextPage ? <Spinner /> : null}
      Show more
    </Button>
  );
}
