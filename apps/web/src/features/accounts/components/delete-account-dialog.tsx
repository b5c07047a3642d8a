// Asks before deleting an account: it is no longer searched for, and its proof is gone.
import type { ProtectedAccount } from '@shark/contracts/accounts.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
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
        toast.success('Account deleted', {
          description: `${handle} on ${platformLabel(account.platform)}`,
        });
        handleOpenChange(false);
      },
      onError: (error) =>
        setFailure(
          isApiClientError(error) ? error.message : 'The account could not be deleted. Try again.',
        ),
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={handleOpenChange}
      title={`Delete ${handle}?`}
      description={
        <>
          {platformLabel(account.platform)}. We will stop searching for leaks under this
          {account.platform === 'website' || account.platform === 'other'
            ? ' address'
            : ' username'}
          {account.isVerified ? ', and its ownership proof is removed' : ''}. You can add it again
          later.
        </>
      }
      confirmLabel="Delete account"
      pending={remove.isPending}
      error={failure}
      onConfirm={confirm}
    />
  );
}
