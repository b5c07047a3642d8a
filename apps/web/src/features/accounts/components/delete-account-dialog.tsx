// Asks before deleting an account: it is no longer searched for, and its proof is gone.
import type { ProtectedAccount } from '@shark/contracts/accounts.ts';
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
import { useDeleteAccount } from '#app/features/accounts/api/delete-account.ts';
import { accountHandle, platformLabel } from '#app/features/accounts/lib/platforms.ts';
import { isApiClientError } from '#app/lib/api.ts';

export function DeleteAccountDialog({
  account,
  userId,
  open,
  onOpenChange,
}: {
  account: ProtectedAccount;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteAccount(userId);
  const [failure, setFailure] = useState<string>();
  const handle = accountHandle(account.platform, account.username);

  function handleOpenChange(next: boolean) {
    if (!next) setFailure(undefined);
    onOpenChange(next);
  }

  function confirm() {
    setFailure(undefined);
    remove.mutate(account.id, {
      onSuccess: () => {
        toast.success('Account deleted', { description: `${handle} on ${platformLabel(account.platform)}` });
        handleOpenChange(false);
      },
      onError: (error) =>
        setFailure(isApiClientError(error) ? error.message : 'The account could not be deleted. Try again.'),
    });
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {handle}?</DialogTitle>
          <DialogDescription>
            {platformLabel(account.platform)}. We will stop searching for leaks under this
            {account.platform === 'website' || account.platform === 'other' ? ' address' : ' username'}
            {account.isVerified ? ', and its ownership proof is removed' : ''}. You can add it again
            later.
          </DialogDescription>
        </DialogHeader>
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? <Spinner /> : null}
            Delete account
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
