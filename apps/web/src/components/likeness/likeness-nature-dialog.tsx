// Asks what a likeness finding is before it is confirmed (her own content, a forgery of her likeness,
// intimate content shared without her consent): the law its takedown invokes follows from it. The
// creator answers for herself; Shark's team answers for a creator who asked it to review the finding.
import { LIKENESS_NATURES, type LikenessNature } from '@shark/contracts/findings.ts';
import { RadioGroup } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/components/ui/dialog.tsx';
import { LIKENESS_NATURE_LABELS, type NatureLabels } from '#app/lib/likeness.ts';

export function LikenessNatureDialog({
  open,
  onOpenChange,
  onConfirm,
  description = 'It shows a face that looks like yours. What it is decides the law we take it down under.',
  labels = LIKENESS_NATURE_LABELS,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (nature: LikenessNature) => void;
  description?: string;
  /** The choices' words: hers by default. */
  labels?: NatureLabels;
}) {
  const [nature, setNature] = useState<LikenessNature | null>(null);
  const [isMissing, setIsMissing] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (nature === null) {
      setIsMissing(true);
      return;
    }
    onConfirm(nature);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          setNature(null);
          setIsMissing(false);
        }
        onOpenChange(isOpen);
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>What is this picture?</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <RadioGroup.Root
            aria-label="What this picture is"
            value={nature ?? ''}
            onValueChange={(value) => {
              setNature(value as LikenessNature);
              setIsMissing(false);
            }}
            className="grid gap-2"
          >
            {LIKENESS_NATURES.map((value) => {
              const id = `likeness-nature-${value}`;
              return (
                <div
                  key={value}
                  className="flex items-start gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary"
                >
                  <RadioGroup.Item
                    id={id}
                    value={value}
                    aria-describedby={`${id}-effect`}
                    className="mt-0.5 grid size-4 shrink-0 place-items-center rounded-full border border-primary outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
                  >
                    <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
                  </RadioGroup.Item>
                  <div className="grid gap-0.5">
                    <label htmlFor={id} className="text-sm font-medium">
                      {labels[value].label}
                    </label>
                    <p id={`${id}-effect`} className="text-xs text-muted-foreground">
                      {labels[value].effect}
                    </p>
                  </div>
                </div>
              );
            })}
          </RadioGroup.Root>
          {isMissing ? (
            <Alert variant="error">
              <p>Choose what this picture is.</p>
            </Alert>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit">Confirm and take it down</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
