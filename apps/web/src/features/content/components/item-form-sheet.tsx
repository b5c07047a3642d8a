// Create or edit an item in a side panel: title, type, date published, where it is sold (a row per
// link), description and collection. Checked with the API's contract first, then by the API.
import {
  ITEM_TITLE_MAX,
  type CollectionList,
  type ContentItem,
  type ContentItemDetail,
} from '@shark/contracts/content.ts';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#app/components/ui/sheet.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Textarea } from '#app/components/ui/textarea.tsx';
import { useCreateItem } from '#app/features/content/api/create-item.ts';
import { useUpdateItem } from '#app/features/content/api/update-item.ts';
import {
  emptyItemForm,
  itemErrorsFromApi,
  itemFormFrom,
  validateItemForm,
  type ItemFormValues,
} from '#app/features/content/lib/item-form.ts';
import { SaleLinks } from '#app/features/content/components/item-sale-links.tsx';
import { TypeChoice } from '#app/features/content/components/item-type-choice.tsx';
import type { FieldErrors } from '#app/lib/form-errors.ts';

export type ItemFormTarget =
  { mode: 'create'; collectionId: string } | { mode: 'edit'; item: ContentItem };

function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function ItemFormSheet({
  userId,
  target,
  collections,
  onClose,
  onCreated,
}: {
  userId: string;
  /** Open while set. */
  target: ItemFormTarget | undefined;
  collections: CollectionList | undefined;
  onClose: () => void;
  onCreated: (item: ContentItemDetail) => void;
}) {
  return (
    <Sheet open={target !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg">
        {target ? (
          <ItemForm
            // A new form for each item opened.
            key={target.mode === 'edit' ? target.item.id : 'new'}
            userId={userId}
            target={target}
            collections={collections}
            onDone={onClose}
            onCreated={onCreated}
          />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function ItemForm({
  userId,
  target,
  collections,
  onDone,
  onCreated,
}: {
  userId: string;
  target: ItemFormTarget;
  collections: CollectionList | undefined;
  onDone: () => void;
  onCreated: (item: ContentItemDetail) => void;
}) {
  const create = useCreateItem(userId);
  const update = useUpdateItem(userId);
  const [values, setValues] = useState<ItemFormValues>(() =>
    target.mode === 'edit' ? itemFormFrom(target.item) : emptyItemForm(target.collectionId),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const isPending = create.isPending || update.isPending;
  const isEdit = target.mode === 'edit';

  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function focusFirstError(fields: FieldErrors) {
    const first = Object.keys(fields)[0];
    if (!first) return;
    const control = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
    control?.focus();
  }

  function showErrors(fields: FieldErrors, message?: string) {
    setErrors(fields);
    setFormError(message);
    focusFirstError(fields);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const checked = validateItemForm(values);
    if (!checked.ok) {
      showErrors(checked.fields);
      return;
    }
    setErrors({});
    const onError = (error: unknown) => {
      const result = itemErrorsFromApi(error, checked.rowOfUrl);
      showErrors(result.fields, result.message);
    };
    if (target.mode === 'edit') {
      update.mutate(
        { id: target.item.id, changes: checked.body },
        {
          onSuccess: (item) => {
            toast.success(`“${item.title}” saved`);
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(checked.body, {
        onSuccess: (item) => {
          onDone();
          onCreated(item);
        },
        onError,
      });
    }
  }

  const rows = values.saleUrls;
  return (
    <>
      <SheetHeader className="pr-12">
        <SheetTitle className="text-lg">{isEdit ? 'Edit item' : 'New item'}</SheetTitle>
        <SheetDescription>
          Describe the work as a takedown notice should name it: what it is, when it came out and
          where you sell it.
        </SheetDescription>
      </SheetHeader>
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        className="grid gap-6 px-4 pb-6"
        aria-label={isEdit ? 'Edit item' : 'New item'}
      >
        {formError ? <Alert variant="error">{formError}</Alert> : null}

        <FormField label="Title" error={errors.title}>
          {(control) => (
            <Input
              {...control}
              data-field="title"
              value={values.title}
              onChange={(event) => set('title', event.target.value)}
              maxLength={ITEM_TITLE_MAX + 10}
              autoComplete="off"
              required
            />
          )}
        </FormField>

        <TypeChoice
          value={values.type}
          error={errors.type}
          onChange={(type) => set('type', type)}
        />

        <FormField
          label="Date published"
          aside={<span className="text-xs text-muted-foreground">Optional</span>}
          hint="When the work was first published. A notice cites it as proof that yours came first."
          error={errors.publishedOn}
        >
          {(control) => (
            <Input
              {...control}
              data-field="publishedOn"
              type="date"
              max={localToday()}
              min="1900-01-01"
              value={values.publishedOn}
              onChange={(event) => set('publishedOn', event.target.value)}
              className="w-auto"
            />
          )}
        </FormField>

        <SaleLinks
          rows={rows}
          errors={errors}
          onChange={(next) => {
            // A removed row shifts the rows after it: their messages no longer fit.
            if (next.length < rows.length) {
              setErrors((current) =>
                Object.fromEntries(
                  Object.entries(current).filter(([key]) => !key.startsWith('saleUrls')),
                ),
              );
            }
            set('saleUrls', next);
          }}
        />

        <FormField
          label="Description"
          aside={<span className="text-xs text-muted-foreground">Optional</span>}
          error={errors.description}
        >
          {(control) => (
            <Textarea
              {...control}
              data-field="description"
              rows={4}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
            />
          )}
        </FormField>

        <FormField label="Collection" error={errors.collectionId}>
          {(control) => (
            <NativeSelect
              {...control}
              data-field="collectionId"
              value={values.collectionId}
              onChange={(event) => set('collectionId', event.target.value)}
            >
              <option value="">No collection</option>
              {collections?.collections.map((collection) => (
                <option key={collection.id} value={collection.id}>
                  {collection.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? <Spinner /> : null}
            {isEdit ? 'Save changes' : 'Create item'}
          </Button>
        </div>
      </form>
    </>
  );
}
