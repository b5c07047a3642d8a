// Adds many entries pasted one per line. The server adds what it can and reports every line; the
// lines it could not read are left in the box to be fixed and sent again.
import {
  addManyWhitelistSchema,
  WHITELIST_BULK_MAX_LINES,
  type WhitelistBulkReport,
} from '@shark/contracts/whitelist.ts';
import { CircleAlert, ListPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, TextField } from '#app/components/ui/form-field.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Textarea } from '#app/components/ui/textarea.tsx';
import { useAddManyWhitelist } from '#app/features/whitelist/api/add-many-whitelist.ts';
import { reportSummary } from '#app/features/whitelist/lib/labels.ts';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

const FIELDS = ['text', 'note'] as const;

export function PasteForm({
  userId,
  onReport,
}: {
  userId: string;
  onReport: (report: WhitelistBulkReport, source: string) => void;
}) {
  const addMany = useAddManyWhitelist(userId);
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const parsed = addManyWhitelistSchema.safeParse({
      text,
      note: note.trim() === '' ? undefined : note,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      form.querySelector<HTMLTextAreaElement>('textarea[name="text"]')?.focus();
      return;
    }
    setErrors({});
    addMany.mutate(parsed.data, {
      onSuccess: (report) => {
        const unread = report.results.filter((r) => r.status === 'invalid').map((r) => r.input);
        setText(unread.join('\n'));
        if (unread.length === 0) setNote('');
        onReport(report, 'Pasted list');
        if (report.counts.added > 0) toast.success(reportSummary(report));
        else toast.info(reportSummary(report));
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Paste many entries" className="grid gap-4">
      {formError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      ) : null}
      <FormField
        label="Entries, one per line"
        error={errors.text}
        hint={`Up to ${WHITELIST_BULK_MAX_LINES} lines. Blank lines and lines starting with # are skipped; the kind of each line is detected.`}
      >
        {(control) => (
          <Textarea
            {...control}
            name="text"
            rows={7}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-xs"
            placeholder={'example.com\nhttps://partner.net/promo\n*.example.com/promo/*'}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <TextField
        label="Note for every added entry"
        aside={<span className="text-xs text-muted-foreground">Optional</span>}
        error={errors.note}
        name="note"
        autoComplete="off"
        placeholder="e.g. affiliate sites"
        value={note}
        onValueChange={setNote}
      />
      <Button type="submit" className="w-fit" disabled={addMany.isPending}>
        {addMany.isPending ? <Spinner /> : <ListPlus aria-hidden="true" />}
        Add All
      </Button>
    </form>
  );
}
