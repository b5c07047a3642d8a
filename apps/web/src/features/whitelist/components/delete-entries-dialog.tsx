// Confirms deleting one whitelist entry or several: once deleted, content there can be taken down.
import type { WhitelistEntry } from '@shark/contracts/whitelist.ts';
import { useState } from 'react';
import { toast } from 'sonner';
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
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useDeleteWhitelistEntries } from '#app/features/whitelist/api/delete-whitelist-entries.ts';
import { useDeleteWhitelistEntry } from '#app/features/whitelist/api/delete-whitelist-entry.ts';
import { isApiClientError } from '#app/lib/api.ts';

export function DeleteEntriesDialog({
  userId,
  entries,
  onClose,
  onDeleted,
}: {
  userId: string;
  /** Open while set. */
  entries: WhitelistEntry[] | undefined;
  onClose: () => void;
  onDeleted: (ids: string[]) => void;
}) {
  const removeOne = useDeleteWhitelistEntry(userId);
  const removeMany = useDeleteWhitelistEntries(userId);
  const [error, setError] = useState<string>();
  const isPending = removeOne.isPending || removeMany.isPending;

  function changeOpen(open: boolean) {
    if (open) return;
    setError(undefined);
    onClose();
  }

  function confirm(list: WhitelistEntry[]) {
    const ids = list.map((e) => e.id);
    const done = () => {
      onDeleted(ids);
      toast.success(
        list.length === 1 ? `Deleted ${list[0]!.display}` : `Deleted ${list.length} entries`,
      );
      changeOpen(false);
    };
    const failed = (failure: unknown) =>
      setError(
        isApiClientError(failure)
          ? failure.message
          : 'The whitelist could not be changed. Try again.',
      );
    if (list.length === 1) removeOne.mutate(ids[0]!, { onSuccess: done, onError: failed });
    else removeMany.mutate(ids, { onSuccess: done, onError: failed });
  }

  const single = entries?.length === 1 ? entries[0] : undefined;

  return (
    <Dialog open={entries !== undefined && entries.length > 0} onOpenChange={changeOpen}>
      <DialogContent>
        {entries && entries.length > 0 ? (
          <>
            <DialogHeader>
              <DialogTitle className="break-all">
                {single ? `Delete ${single.display}?` : `Delete ${entries.length} entries?`}
              </DialogTitle>
              <DialogDescription>
                {single ? 'It is' : 'They are'} removed from your whitelist. Leaks found there can
                then be reported and taken down like anywhere else.
              </DialogDescription>
            </DialogHeader>
            {!single ? (
              <ul className="max-h-40 overflow-y-auto rounded-lg border bg-muted/60 p-3 font-mono text-xs">
                {entries.map((e) => (
                  <li key={e.id} className="break-all">
                    {e.display}
                  </li>
                ))}
              </ul>
            ) : null}
            {error ? <Alert variant="error">{error}</Alert> : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              <Button variant="destructive" disabled={isPending} onClick={() => confirm(entries)}>
                {isPending ? <Spinner /> : null}
                {single ? 'Delete Entry' : `Delete ${entries.length} Entries`}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
