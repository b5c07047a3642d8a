// One item of the work queue on one page: who it is for and when it is due, who holds it (with the
// claim and release buttons), everything needed to do it, and the action that finishes it.
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useClaimWorkItem } from '#app/features/staff-queue/api/claim-work-item.ts';
import { useWorkItem } from '#app/features/staff-queue/api/get-work-item.ts';
import { KIND_LABELS, formatWhen } from '#app/features/staff-queue/lib/queue-labels.ts';
import { FinishActions } from './finish-actions.tsx';
import {
  FindingSection,
  FormSection,
  OtherSections,
  OutLink,
  TakedownSection,
} from './work-item-sections.tsx';
import { DueMark, PlanBadge, messageOf } from './work-queue-page.tsx';

export function WorkItemPage({ itemId, staffUserId }: { itemId: string; staffUserId: string }) {
  const detail = useWorkItem(itemId);
  const claim = useClaimWorkItem('claim');
  const release = useClaimWorkItem('release');

  if (detail.isError)
    return (
      <PageFrame title="Work item">
        <Alert variant="error">{messageOf(detail.error, 'The item could not load.')}</Alert>
      </PageFrame>
    );
  if (!detail.data)
    return (
      <PageFrame title="Work item">
        <Spinner />
      </PageFrame>
    );

  const { item } = detail.data;
  const isMine = item.claimedBy?.id === staffUserId;
  const onError = (fallback: string) => (error: unknown) => toast.error(messageOf(error, fallback));

  return (
    <PageFrame
      title={item.title}
      description={`${KIND_LABELS[item.kind]} for ${item.creator.email}`}
      className="max-w-5xl"
      actions={
        <Button asChild variant="ghost">
          <Link to="/staff/queue">
            <ArrowLeft aria-hidden="true" />
            Queue
          </Link>
        </Button>
      }
    >
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border p-4 text-sm">
          <PlanBadge plan={item.plan} />
          <span>
            Due <DueMark item={item} />
          </span>
          {item.status === 'done' ? (
            <span>
              Done {item.doneAt ? formatWhen(item.doneAt) : ''}: {item.outcome}
            </span>
          ) : item.claimedBy ? (
            <span>Held by {isMine ? 'you' : item.claimedBy.email}</span>
          ) : (
            <span>Held by nobody</span>
          )}
          {item.status === 'open' && !item.claimedBy ? (
            <Button
              size="sm"
              disabled={claim.isPending}
              onClick={() =>
                claim.mutate(item.id, { onError: onError('The item could not be claimed.') })
              }
            >
              Claim
            </Button>
          ) : null}
          {item.status === 'open' && isMine ? (
            <Button
              size="sm"
              variant="outline"
              disabled={release.isPending}
              onClick={() =>
                release.mutate(item.id, { onError: onError('The item could not be released.') })
              }
            >
              Release
            </Button>
          ) : null}
        </div>
        {detail.data.pageUrl ? (
          <p className="text-sm">
            Page: <OutLink href={detail.data.pageUrl} />
          </p>
        ) : null}
        {detail.data.finding ? (
          <FindingSection itemId={item.id} finding={detail.data.finding} />
        ) : null}
        {detail.data.form ? <FormSection form={detail.data.form} /> : null}
        {detail.data.takedown ? <TakedownSection takedown={detail.data.takedown} /> : null}
        <OtherSections detail={detail.data} />
        <FinishActions
          itemId={item.id}
          actions={detail.data.actions}
          isLikeness={detail.data.finding?.kind === 'likeness'}
        />
      </div>
    </PageFrame>
  );
}
