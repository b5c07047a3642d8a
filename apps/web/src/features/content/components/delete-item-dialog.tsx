// Confirms deleting an item; its reference files stay in Uploaded Files.
import type { ContentItem } from '@shark/contracts/content.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { useDeleteItem } from '#app/features/content/api/delete-item.ts';
import { isApiClientError } from '#app/lib/api.ts';

export function DeleteItemDialog({
  userId,
  item,
  onClose,
}: {
  userId: string;
  /** Open while set. */
  item: ContentItem | undefined;
  onClose: () => void;
}) {
  const remove = useDeleteItem(userId);
  const [error, setError] = useState<string>();

  function changeOpen(open: boolean) {
    if (open) return;
    setError(undefined);
    onClose();
  }

  return (
    <ConfirmDialog
      open={item !== undefined}
      onOpenChange={changeOpen}
      title={item ? `Delete “${item.title}”?` : ''}
      description="The item and its sale links are removed from Your Content. Its reference files stay in your uploads."
      confirmLabel="Delete item"
      pending={remove.isPending}
      error={error}
      onConfirm={() => {
        if (!item) return;
        remove.mutate(item.id, {
          onSuccess: () => {
            toast.success(`“${item.title}” deleted`);
            changeOpen(false);
          },
          onError: (failure) =>
            setError(
              isApiClientError(failure) ? failure.message : 'The item could not be deleted.',
            ),
        });
      }}
    />
  );
}
