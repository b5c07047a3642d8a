// An entry's details in a dialog (its id is in the page's address, so the link can be shared): the
// whole description, identifiers, evidence links and dates; for her own report, its review.
import { CircleAlert } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#app/components/ui/dialog.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useRiskEntry } from '#app/features/risk-registry/api/get-risk-entry.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { EntryFacts, KindBadge, StatusBadge } from './entry-facts.tsx';

export function EntryDialog({
  userId,
  id,
  onClose,
}: {
  userId: string;
  id: string;
  onClose: () => void;
}) {
  const entry = useRiskEntry(userId, id);
  const data = entry.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        {data === undefined && !entry.isError ? (
          <>
            <DialogTitle>Loading the entry</DialogTitle>
            <div role="status" aria-label="Loading the entry" className="grid gap-2">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-24" />
            </div>
          </>
        ) : data === undefined || entry.isError ? (
          <>
            <DialogTitle>Entry not found</DialogTitle>
            <Alert variant="error">
              <CircleAlert aria-hidden="true" />
              <p>
                {isApiClientError(entry.error) && entry.error.status === 404
                  ? 'This entry is not in the registry. It may have been withdrawn.'
                  : isApiClientError(entry.error)
                    ? entry.error.message
                    : 'The entry could not be loaded. Try again in a moment.'}
              </p>
            </Alert>
          </>
        ) : (
          <>
            <DialogHeader>
              <div className="flex flex-wrap items-center gap-2">
                <KindBadge kind={data.kind} />
                {data.isOwnReport ? <StatusBadge status={data.status} /> : null}
              </div>
              <DialogTitle className="break-words">{data.name}</DialogTitle>
              <DialogDescription className="text-sm whitespace-pre-line text-foreground">
                {data.description}
              </DialogDescription>
            </DialogHeader>
            <EntryFacts entry={data} />
            {data.isOwnReport ? (
              <p className="rounded-lg bg-muted px-4 py-3 text-sm">
                {data.status === 'pending'
                  ? 'You reported this. Our team has not reviewed it yet; only you can see it.'
                  : data.status === 'rejected'
                    ? 'You reported this. It was not published.'
                    : 'You reported this. Thank you: it is listed for every creator.'}
                {data.reviewNote ? ` Note from our team: ${data.reviewNote}` : ''}
              </p>
            ) : null}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
