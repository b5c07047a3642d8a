// Imports a CSV file (value and note columns, header optional); reported row by row like a paste.
import { WHITELIST_CSV_MAX_BYTES, type WhitelistBulkReport } from '@shark/contracts/whitelist.ts';
import { CircleAlert, FileUp } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useImportWhitelistFile } from '#app/features/whitelist/api/import-whitelist-file.ts';
import { reportSummary } from '#app/features/whitelist/lib/labels.ts';
import { formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

const FIELDS = ['file', 'csv'] as const;
const MAX_MB = WHITELIST_CSV_MAX_BYTES / 1024 / 1024;

export function CsvImportForm({
  userId,
  onReport,
}: {
  userId: string;
  onReport: (report: WhitelistBulkReport, source: string) => void;
}) {
  const importFile = useImportWhitelistFile(userId);
  const inputRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const file = inputRef.current?.files?.[0];
    if (!file) {
      setErrors({ file: 'Choose a CSV file to import.' });
      inputRef.current?.focus();
      return;
    }
    if (file.size > WHITELIST_CSV_MAX_BYTES) {
      setErrors({
        file: `The file is larger than ${MAX_MB} MB. Split it and import the parts one by one.`,
      });
      inputRef.current?.focus();
      return;
    }
    setErrors({});
    importFile.mutate(file, {
      onSuccess: (report) => {
        if (inputRef.current) inputRef.current.value = '';
        onReport(report, file.name);
        if (report.counts.added > 0) toast.success(reportSummary(report));
        else toast.info(reportSummary(report));
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        // The CSV text's own problems (an unclosed quote) belong to the file field here.
        setErrors({ file: result.fields.file ?? result.fields.csv });
        setFormError((result.fields.file ?? result.fields.csv) ? undefined : result.message);
        inputRef.current?.focus();
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Import a CSV file" className="grid gap-4">
      {formError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      ) : null}
      <FormField
        label="CSV file"
        error={errors.file}
        hint={
          <>
            One entry per row: the URL, domain or pattern in the first column and an optional note
            in the second. A header row is optional; with one, columns named <code>value</code>,{' '}
            <code>note</code> and <code>kind</code> (url, domain or pattern) are found in any order.
            Up to {MAX_MB} MB.
          </>
        }
      >
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            name="file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
            onChange={() => setErrors({})}
          />
        )}
      </FormField>
      <Button type="submit" className="w-fit" disabled={importFile.isPending}>
        {importFile.isPending ? <Spinner /> : <FileUp aria-hidden="true" />}
        Import File
      </Button>
    </form>
  );
}
