// Adds one URL, domain or pattern with an optional note; the API's messages show beside the fields.
import { addWhitelistEntrySchema, WHITELIST_KINDS } from '@shark/contracts/whitelist.ts';
import { CircleAlert, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, TextField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useAddWhitelistEntry } from '#app/features/whitelist/api/add-whitelist-entry.ts';
import { KIND_DESCRIPTIONS, KIND_LABELS } from '#app/features/whitelist/lib/labels.ts';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

const FIELDS = ['value', 'kind', 'note'] as const;

export function AddEntryForm({ userId }: { userId: string }) {
  const add = useAddWhitelistEntry(userId);
  const [value, setValue] = useState('');
  const [kind, setKind] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const parsed = addWhitelistEntrySchema.safeParse({
      value,
      kind: kind === '' ? undefined : kind,
      note: note.trim() === '' ? undefined : note,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      form.querySelector<HTMLInputElement>('input[name="value"]')?.focus();
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (entry) => {
        setValue('');
        setNote('');
        setKind('');
        toast.success(`Added ${KIND_LABELS[entry.kind].toLowerCase()} ${entry.display}`);
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
        if (result.fields.value !== undefined) {
          form.querySelector<HTMLInputElement>('input[name="value"]')?.focus();
        }
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Add one entry" className="grid gap-4">
      {formError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      ) : null}
      <TextField
        label="URL, domain or pattern"
        error={errors.value}
        hint="For example example.com, https://example.com/promo or *.example.com/promo/*"
        name="value"
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
        value={value}
        onValueChange={setValue}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Kind" error={errors.kind}>
          {(control) => (
            <NativeSelect
              {...control}
              name="kind"
              value={kind}
              onChange={(event) => setKind(event.target.value)}
            >
              <option value="">Detect automatically</option>
              {WHITELIST_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}: {KIND_DESCRIPTIONS[k].toLowerCase()}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <TextField
          label="Note"
          aside={<span className="text-xs text-muted-foreground">Optional</span>}
          error={errors.note}
          name="note"
          autoComplete="off"
          placeholder="Why it is allowed, e.g. licensed partner"
          value={note}
          onValueChange={setNote}
        />
      </div>
      <Button type="submit" className="w-fit" disabled={add.isPending}>
        {add.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
        Add to Whitelist
      </Button>
    </form>
  );
}
