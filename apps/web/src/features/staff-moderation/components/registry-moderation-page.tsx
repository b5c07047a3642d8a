// The Scam Registry's reports waiting for review in the staff console, as `shark registry`: each
// published (with an optional note) or rejected (with the reason); the reporter sees either.
import { RISK_KIND_LABELS, type OperatorRiskEntry } from '@shark/contracts/risk-registry.ts';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { NoteDialog } from '#app/components/ui/note-dialog.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { usePendingReports } from '#app/features/staff-moderation/api/get-pending-reports.ts';
import { useReviewReport } from '#app/features/staff-moderation/api/review-report.ts';

type Reviewing = { entry: OperatorRiskEntry; decision: 'publish' | 'reject' };

function ReportItem({
  entry,
  onReview,
}: {
  entry: OperatorRiskEntry;
  onReview: (decision: 'publish' | 'reject') => void;
}) {
  return (
    <li className="grid gap-2 px-4 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium">{entry.name}</p>
        <Badge variant="secondary">{RISK_KIND_LABELS[entry.kind]}</Badge>
      </div>
      <p className="text-sm whitespace-pre-line">{entry.description}</p>
      {entry.identifiers.length > 0 ? (
        <p className="text-sm text-muted-foreground">Goes by: {entry.identifiers.join(', ')}</p>
      ) : null}
      {entry.evidenceUrls.length > 0 ? (
        <ul aria-label="Evidence" className="text-sm">
          {entry.evidenceUrls.map((url) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noreferrer noopener"
                className="break-all underline-offset-4 hover:underline"
              >
                {url}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Reported {new Date(entry.createdAt).toLocaleString()}
        {entry.reportedBy ? ` by ${entry.reportedBy}` : ''}
        {entry.firstSeenOn ? ` · first seen ${entry.firstSeenOn}` : ''}
      </p>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={() => onReview('publish')}>
          Publish
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => onReview('reject')}>
          Reject
        </Button>
      </div>
    </li>
  );
}

export function RegistryModerationPage() {
  const pending = usePendingReports();
  const review = useReviewReport();
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const isPublish = reviewing?.decision === 'publish';

  return (
    <PageFrame
      title="Scam Registry reports"
      description="Reports creators sent, oldest first. Published entries appear on /risk-registry for every creator. The same as shark registry on the command line."
    >
      {pending.isPending ? (
        <Skeleton className="h-32" aria-busy="true" />
      ) : pending.isError ? (
        <Alert variant="error">{pending.error.message}</Alert>
      ) : pending.data.entries.length === 0 ? (
        <EmptyState icon={ShieldCheck} title="Nothing waiting for review">
          New reports from creators appear here until someone publishes or rejects them.
        </EmptyState>
      ) : (
        <Card className="p-0">
          <ul aria-label="Reports waiting for review" className="divide-y">
            {pending.data.entries.map((entry) => (
              <ReportItem
                key={entry.id}
                entry={entry}
                onReview={(decision) => setReviewing({ entry, decision })}
              />
            ))}
          </ul>
        </Card>
      )}
      <NoteDialog
        key={reviewing ? `${reviewing.entry.id}-${reviewing.decision}` : 'none'}
        open={reviewing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setReviewing(null);
            review.reset();
          }
        }}
        title={isPublish ? `Publish “${reviewing?.entry.name ?? ''}”?` : 'Reject this report?'}
        description={
          isPublish
            ? 'It appears on /risk-registry at once. The note, if any, is shown to the reporter.'
            : 'The reporter sees the reason.'
        }
        label={isPublish ? 'Note to the reporter' : 'Reason'}
        isRequired={!isPublish}
        confirmLabel={isPublish ? 'Publish' : 'Reject report'}
        isDestructive={!isPublish}
        pending={review.isPending}
        error={review.error?.message}
        onConfirm={(text) => {
          if (!reviewing) return;
          const id = reviewing.entry.id;
          review.mutate(
            isPublish
              ? { id, decision: 'publish', note: text === '' ? null : text }
              : { id, decision: 'reject', reason: text },
            {
              onSuccess: () => {
                toast.success(isPublish ? 'Published.' : 'Report rejected.');
                setReviewing(null);
              },
            },
          );
        }}
      />
    </PageFrame>
  );
}
