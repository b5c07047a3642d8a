// Asks before revoking: no new notice goes out afterwards, and notices not sent yet are withdrawn.
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { useRevokeAuthorization } from '#app/features/agent-authorization/api/revoke-authorization.ts';
import { isApiClientError } from '#app/lib/api.ts';

export function RevokeAuthorizationDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const revoke = useRevokeAuthorization(userId);
  const [failure, setFailure] = useState<string>();

  function handleOpenChange(next: boolean) {
    if (!next) setFailure(undefined);
    onOpenChange(next);
  }

  function confirm() {
    setFailure(undefined);
    revoke.mutate(undefined, {
      onSuccess: () => {
        toast.success('Authorisation revoked', {
          description: 'No new takedown notice will be sent for you until you sign again.',
        });
        handleOpenChange(false);
      },
      onError: (error) =>
        setFailure(
          isApiClientError(error)
            ? error.message
            : 'The authorisation could not be revoked. Try again.',
        ),
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={handleOpenChange}
      title="Revoke your agent authorisation?"
      description="We stop sending takedown notices for you at once, and notices not sent yet are withdrawn. Notices already sent stay sent. You can sign again at any time."
      confirmLabel="Revoke authorisation"
      pending={revoke.isPending}
      error={failure}
      onConfirm={confirm}
    />
  );
}
