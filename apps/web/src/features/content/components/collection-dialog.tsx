// Create a collection, or rename one (and change its description).
import {
  COLLECTION_TITLE_MAX,
  createCollectionSchema,
  type ContentCollection,
} from '@shark/contracts/content.ts';
import { useState, type FormEvent } from 'react';
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
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Textarea } from '#app/components/ui/textarea.tsx';
import { useCreateCollection } from '#app/features/content/api/create-collection.ts';
import { useUpdateCollection } from '#app/features/content/api/update-collection.ts';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

const FIELDS = ['title', 'description'] as const;

export function CollectionDialog({
  userId,
  collection,
  open,
  onOpenChange,
  onCreated,
}: {
  userId: string;
  /** The collection to rename; none to create one. */
  collection?: ContentCollection | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (collection: ContentCollection) => void;
}) {
  const create = useCreateCollection(userId);
  const update = useUpdateCollection(userId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const isRename = collection !== undefined;
  const isPending = create.isPending || update.isPending;

  function changeOpen(next: boolean) {
    if (!next) {
      setErrors({});
      setFormError(undefined);
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const data = parseFormOrShowErrors(
      event.currentTarget,
      createCollectionSchema,
      FIELDS,
      setErrors,
    );
    if (!data) return;
    const onError = (error: unknown) => {
      const result = formErrorsFromApi(error, FIELDS);
      setErrors(result.fields);
      setFormError(result.message);
    };
    const body = { title: data.title, description: data.description ?? null };
    if (isRename) {
      update.mutate(
        { id: collection.id, changes: body },
        {
          onSuccess: (saved) => {
            toast.success(`Collection renamed to “${saved.title}”`);
            changeOpen(false);
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          toast.success(`Collection “${created.title}” created`);
          changeOpen(false);
          onCreated?.(created);
        },
        onError,
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isRename ? 'Rename collection' : 'New collection'}</DialogTitle>
          <DialogDescription>
            A collection groups works the way you sell them, such as a series, a month or a set of
            sets.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="grid gap-5">
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <FormField label="Name" error={errors.title}>
            {(control) => (
              <Input
                {...control}
                name="title"
                defaultValue={collection?.title ?? ''}
                maxLength={COLLECTION_TITLE_MAX + 10}
                autoComplete="off"
                required
              />
            )}
          </FormField>
          <FormField
            label="Description"
            aside={<span className="text-xs text-muted-foreground">Optional</span>}
            error={errors.description}
          >
            {(control) => (
              <Textarea
                {...control}
                name="description"
                defaultValue={collection?.description ?? ''}
                rows={3}
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isPending}>
              {isPending ? <Spinner /> : null}
              {isRename ? 'Save' : 'Create collection'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
