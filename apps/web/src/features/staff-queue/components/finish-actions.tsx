// The finishing actions of an item's kind: one button each, with the note or outcome it needs.
// Finishing claims a free item for you; the API's message shows when another agent holds it.
import type { FinishAction, FinishWorkItem } from '@shark/contracts/work-queue.ts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { LikenessNatureDialog } from '#app/components/likeness/likeness-nature-dialog.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Label } from '#app/components/ui/label.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Textarea } from '#app/components/ui/textarea.tsx';
import { useFinishWorkItem } from '#app/features/staff-queue/api/finish-work-item.ts';
import { ACTION_LABELS } from '#app/features/staff-queue/lib/queue-labels.ts';
import { STAFF_LIKENESS_NATURE_LABELS } from '#app/lib/likeness.ts';
import { messageOf } from './work-queue-page.tsx';
import { Section } from './work-item-sections.tsx';

export function FinishActions({
  itemId,
  actions,
  isLikeness = false,
}: {
  itemId: string;
  actions: readonly FinishAction[];
  /** The item's finding is a likeness: confirming it asks what the picture is first. */
  isLikeness?: boolean;
}) {
  const finish = useFinishWorkItem(itemId);
  const [text, setText] = useState('');
  const [sent, setSent] = useState<FinishAction | null>(null);
  const [isAskingNature, setIsAskingNature] = useState(false);
  const needsOutcome = actions.includes('removal_outcome');
  const takesNote = actions.includes('takedown_removed');

  function send(input: FinishWorkItem) {
    setSent(input.action);
    finish.mutate(input, {
      onSuccess: (item) => toast.success(`Done: ${item.outcome ?? ACTION_LABELS[input.action]}`),
      onError: (error) => toast.error(messageOf(error, 'The item could not be finished.')),
    });
  }

  function submitOutcome(event: FormEvent) {
    event.preventDefault();
    send({ action: 'removal_outcome', outcome: text });
  }

  if (actions.length === 0) return null;
  return (
    <Section title="Finish">
      {isLikeness ? (
        <LikenessNatureDialog
          open={isAskingNature}
          onOpenChange={setIsAskingNature}
          description="It shows a face that looks like the creator’s. What it is decides the law the takedown invokes."
          labels={STAFF_LIKENESS_NATURE_LABELS}
          onConfirm={(likenessNature) => {
            setIsAskingNature(false);
            send({ action: 'finding_confirm', likenessNature });
          }}
        />
      ) : null}
      {needsOutcome ? (
        <form onSubmit={submitOutcome} className="grid gap-2">
          <Label htmlFor="finish-outcome">What was done</Label>
          <Textarea
            id="finish-outcome"
            value={text}
            required
            maxLength={2000}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" className="justify-self-start" disabled={finish.isPending}>
            {finish.isPending ? <Spinner className="size-3" /> : null}
            {ACTION_LABELS.removal_outcome}
          </Button>
        </form>
      ) : (
        <div className="grid gap-3">
          {takesNote ? (
            <div className="grid gap-2">
              <Label htmlFor="finish-note">Note (optional, for a removal)</Label>
              <Textarea
                id="finish-note"
                value={text}
                maxLength={2000}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button
                key={action}
                variant={action === 'finding_reject' ? 'outline' : 'default'}
                disabled={finish.isPending}
                onClick={() => {
                  if (action === 'finding_confirm' && isLikeness) setIsAskingNature(true);
                  else
                    send(
                      action === 'takedown_removed'
                        ? { action, ...(text.trim() ? { note: text.trim() } : {}) }
                        : ({ action } as FinishWorkItem),
                    );
                }}
              >
                {finish.isPending && sent === action ? <Spinner className="size-3" /> : null}
                {ACTION_LABELS[action]}
              </Button>
            ))}
          </div>
        </div>
      )}
    </Section>
  );
}
