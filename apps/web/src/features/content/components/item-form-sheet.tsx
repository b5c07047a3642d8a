// Create or edit an item in a side panel: title, type, date published, where it is sold (a row per
// link), description and collection. Checked with the API's contract first, then by the API.
import {
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  ITEM_TITLE_MAX,
  SALE_URLS_MAX,
  type CollectionList,
  type ContentItem,
  type ContentItemDetail,
  type ContentType,
} from '@shark/contracts/content.ts';
import { Film, Images, ImageIcon, Plus, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
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
import type { FieldErrors } from '#app/lib/form-errors.ts';
import { cn } from '#app/lib/utils.ts';

export type ItemFormTarget =
  { mode: 'create'; collectionId: string } | { mode: 'edit'; item: ContentItem };

const TYPE_ICONS: Record<ContentType, typeof ImageIcon> = {
  photo: ImageIcon,
  video: Film,
  set: Images,
};

/** Today on this device, the latest date the picker offers. */
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

function TypeChoice({
  value,
  error,
  onChange,
}: {
  value: ContentType | '';
  error: string | undefined;
  onChange: (type: ContentType) => void;
}) {
  const id = useId();
  return (
    <fieldset
      className="grid gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium">Type</legend>
      <div className="grid grid-cols-3 gap-2">
        {CONTENT_TYPES.map((type, index) => {
          const Icon = TYPE_ICONS[type];
          return (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors',
                'has-focus-visible:ring-3 has-focus-visible:ring-ring/50 hover:bg-muted',
                value === type && 'border-primary bg-primary/5 text-primary',
                error && 'border-destructive',
              )}
            >
              <input
                type="radio"
                name="type"
                value={type}
                checked={value === type}
                onChange={() => onChange(type)}
                className="sr-only"
                {...(index === 0 ? { 'data-field': 'type' } : {})}
              />
              <Icon aria-hidden="true" className="size-4" />
              {CONTENT_TYPE_LABELS[type]}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function SaleLinks({
  rows,
  errors,
  onChange,
}: {
  rows: string[];
  errors: FieldErrors;
  onChange: (rows: string[]) => void;
}) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);

  function add() {
    onChange([...rows, '']);
    // Focus the new row once it is rendered.
    requestAnimationFrame(() => {
      const inputs = listRef.current?.querySelectorAll('input');
      inputs?.[inputs.length - 1]?.focus();
    });
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-2 text-sm leading-none font-medium">Where it is sold</legend>
      <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
        Links to the pages where you sell this work (your OnlyFans post, a store page). Up to{' '}
        {SALE_URLS_MAX}.
      </p>
      {errors.saleUrls ? (
        <p className="text-sm text-destructive" role="alert">
          {errors.saleUrls}
        </p>
      ) : null}
      <div ref={listRef} className="grid gap-2">
        {rows.map((url, row) => {
          const error = errors[`saleUrls.${row}`];
          const errorId = `${id}-error-${row}`;
          return (
            // Rows have no identity of their own; the position is what the errors refer to.
            <div key={row} className="grid gap-1">
              <div className="flex gap-2">
                <Input
                  data-field={`saleUrls.${row}`}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  aria-label={`Sale link ${row + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  value={url}
                  onChange={(event) =>
                    onChange(rows.map((current, i) => (i === row ? event.target.value : current)))
                  }
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove sale link ${row + 1}`}
                  onClick={() =>
                    onChange(rows.length === 1 ? [''] : rows.filter((_, i) => i !== row))
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {error ? (
                <p id={errorId} className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={rows.length >= SALE_URLS_MAX}
        onClick={add}
      >
        <Plus aria-hidden="true" />
        Add a sale link
      </Button>
    </fieldset>
  );
}
