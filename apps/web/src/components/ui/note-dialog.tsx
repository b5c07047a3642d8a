// Asks for one line of text before an action that needs it (a reason, a reference): the title, what
// the text is for, the server's refusal if any, and Cancel / the action's button.
import { useState, type FormEvent, type ReactNode } from 'react';
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
import { TextField } from '#app/components/ui/form-field.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';

export function NoteDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  isRequired = true,
  confirmLabel,
  isDestructive = false,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  label: string;
  /** An empty text is refused before anything is sent. */
  isRequired?: boolean;
  confirmLabel: string;
  isDestructive?: boolean;
  pending: boolean;
  error?: string | undefined;
  onConfirm: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isRequired && text.trim() === '') {
      setMissing(`${label} is required.`);
      return;
    }
    onConfirm(text.trim());
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          setText('');
          setMissing(undefined);
        }
        onOpenChange(isOpen);
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <TextField
            label={label}
            value={text}
            onValueChange={setText}
            error={missing}
            maxLength={1000}
            autoFocus
          />
          {error ? <Alert variant="error">{error}</Alert> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant={isDestructive ? 'destructive' : 'default'}
              disabled={pending}
            >
              {pending ? <Spinner /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
