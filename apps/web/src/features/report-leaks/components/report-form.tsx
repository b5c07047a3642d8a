// Reports leaks: addresses pasted one per line, or a CSV file (first column), with her statement that she
// owns the content. The server answers address by address; addresses it could not read stay in the box.
import {
  OWNERSHIP_REQUIRED_MESSAGE,
  REPORT_LEAKS_CSV_MAX_BYTES,
  REPORT_LEAKS_MAX_URLS,
  reportLeaksSchema,
  type ReportLeaksResult,
} from '@shark/contracts/report-leaks.ts';
import { CircleAlert, ClipboardList, FileSpreadsheet, Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx';
import { Textarea } from '#app/components/ui/textarea.tsx';
import { useReportLeaks } from '#app/features/report-leaks/api/report-leaks.ts';
import { useReportLeaksCsv } from '#app/features/report-leaks/api/report-leaks-csv.ts';
import { resultSummary, splitPastedLines } from '#app/features/report-leaks/lib/labels.ts';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

const FIELDS = ['urls', 'file', 'ownershipConfirmed'] as const;
const MAX_MB = REPORT_LEAKS_CSV_MAX_BYTES / 1024 / 1024;

type Mode = 'paste' | 'csv';

export type ReportOutcome = {
  result: ReportLeaksResult;
  /** "Pasted addresses" or the file's name. */
  source: string;
  /** For a paste: the line in the box of each address sent (the answer numbers them 1, 2, 3…). */
  lines?: number[];
};

export function ReportForm({
  userId,
  onResult,
}: {
  userId: string;
  onResult: (outcome: ReportOutcome) => void;
}) {
  const paste = useReportLeaks(userId);
  const upload = useReportLeaksCsv(userId);
  const [mode, setMode] = useState<Mode>('paste');
  const [text, setText] = useState('');
  const [isOwner, setIsOwner] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ownerRef = useRef<HTMLInputElement>(null);
  const ownerErrorId = useId();
  const isPending = paste.isPending || upload.isPending;

  function showApiError(error: unknown) {
    const result = formErrorsFromApi(error, FIELDS);
    // The CSV text's own problems (an unclosed quote) belong to the file field.
    setErrors(result.fields);
    setFormError(result.message);
  }

  function done(outcome: ReportOutcome) {
    // The statement is made for each report, not once for all.
    setIsOwner(false);
    onResult(outcome);
    if (outcome.result.counts.accepted > 0) toast.success(resultSummary(outcome.result));
    else toast.info(resultSummary(outcome.result));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const problems: FieldErrors = {};
    if (!isOwner) problems.ownershipConfirmed = OWNERSHIP_REQUIRED_MESSAGE;

    if (mode === 'csv') {
      const file = fileRef.current?.files?.[0];
      if (!file) problems.file = 'Choose a CSV file.';
      else if (file.size > REPORT_LEAKS_CSV_MAX_BYTES) {
        problems.file = `The file is larger than ${MAX_MB} MB. Split it and send the parts one by one.`;
      }
      setErrors(problems);
      if (!file || problems.file !== undefined) {
        fileRef.current?.focus();
        return;
      }
      if (problems.ownershipConfirmed !== undefined) {
        ownerRef.current?.focus();
        return;
      }
      upload.mutate(file, {
        onSuccess: (result) => {
          if (fileRef.current) fileRef.current.value = '';
          done({ result, source: file.name });
        },
        onError: showApiError,
      });
      return;
    }

    const { urls, lines } = splitPastedLines(text);
    const parsed = reportLeaksSchema.safeParse({ urls, ownershipConfirmed: isOwner });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFromZod(parsed.error);
      if (urls.length === 0) fieldErrors.urls = 'Paste at least one address, one per line.';
      setErrors(fieldErrors);
      if (fieldErrors.urls !== undefined) textRef.current?.focus();
      else ownerRef.current?.focus();
      return;
    }
    setErrors({});
    paste.mutate(parsed.data, {
      onSuccess: (result) => {
        // What could not be read stays in the box, to be fixed and sent again.
        setText(
          result.results
            .filter((r) => r.status === 'invalid')
            .map((r) => r.input)
            .join('\n'),
        );
        done({ result, source: 'Pasted addresses', lines });
      },
      onError: showApiError,
    });
  }

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold tracking-tight">Report addresses</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Pages where you found your content. We fetch each page, compare its pictures and videos with
        your files, and take it down like any leak we find ourselves.
      </p>
      <form
        noValidate
        onSubmit={handleSubmit}
        aria-label="Report leaks"
        className="mt-4 grid gap-4"
      >
        {formError ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{formError}</p>
          </Alert>
        ) : null}
        <Tabs
          value={mode}
          onValueChange={(value) => {
            setMode(value === 'csv' ? 'csv' : 'paste');
            setErrors({});
          }}
          className="grid gap-4"
        >
          <TabsList aria-label="How to report">
            <TabsTrigger value="paste">
              <ClipboardList aria-hidden="true" />
              Paste Addresses
            </TabsTrigger>
            <TabsTrigger value="csv">
              <FileSpreadsheet aria-hidden="true" />
              Upload CSV
            </TabsTrigger>
          </TabsList>
          <TabsContent value="paste">
            <FormField
              label="Addresses, one per line"
              error={errors.urls}
              hint={`Up to ${REPORT_LEAKS_MAX_URLS} addresses. Blank lines are skipped.`}
            >
              {(control) => (
                <Textarea
                  {...control}
                  ref={textRef}
                  name="urls"
                  rows={7}
                  spellCheck={false}
                  autoComplete="off"
                  className="font-mono text-xs"
                  placeholder={
                    'https://tube.example/watch/12345\nhttps://forum.example/threads/678/'
                  }
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                />
              )}
            </FormField>
          </TabsContent>
          <TabsContent value="csv">
            <FormField
              label="CSV file"
              error={errors.file}
              hint={`One address per row in the first column; a header row is optional. Up to ${REPORT_LEAKS_MAX_URLS} rows and ${MAX_MB} MB.`}
            >
              {(control) => (
                <Input
                  {...control}
                  ref={fileRef}
                  name="file"
                  type="file"
                  accept=".csv,.txt,text/csv,text/plain"
                  className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
                  onChange={() => setErrors(({ ownershipConfirmed }) => ({ ownershipConfirmed }))}
                />
              )}
            </FormField>
          </TabsContent>
        </Tabs>

        <div className="grid gap-1.5">
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              ref={ownerRef}
              type="checkbox"
              name="ownershipConfirmed"
              checked={isOwner}
              onChange={(event) => {
                setIsOwner(event.target.checked);
                setErrors(({ ownershipConfirmed: _cleared, ...rest }) => rest);
              }}
              aria-invalid={errors.ownershipConfirmed ? true : undefined}
              aria-describedby={errors.ownershipConfirmed ? ownerErrorId : undefined}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span>
              I confirm that I own the content at these addresses. Each one is taken down in my name
              as a copy of my work.
            </span>
          </label>
          {errors.ownershipConfirmed ? (
            <p id={ownerErrorId} className="text-sm text-destructive">
              {errors.ownershipConfirmed}
            </p>
          ) : null}
        </div>

        <Button type="submit" className="w-fit" disabled={isPending}>
          {isPending ? <Spinner /> : <Send aria-hidden="true" />}
          Report Leaks
        </Button>
      </form>
    </Card>
  );
}
