// Report a scam: checked with the same contract as the API, each message beside its field; a sent
// report is pending until the team reviews it, and shows under "Your reports".
import {
  RISK_DESCRIPTION_MAX_LENGTH,
  RISK_EVIDENCE_MAX,
  RISK_KIND_LABELS,
  RISK_REGISTRY_KINDS,
  reportRiskEntrySchema,
  type RiskReport,
} from '@shark/contracts/risk-registry.ts';
import { CircleAlert, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, TextField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Textarea } from '#app/components/ui/textarea.tsx';
import { useReportRiskEntry } from '#app/features/risk-registry/api/report-risk-entry.ts';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

const FIELDS = [
  'kind',
  'name',
  'identifiers',
  'description',
  'evidenceUrls',
  'firstSeenOn',
] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  kind: '',
  name: '',
  identifiers: '',
  description: '',
  evidenceUrls: '',
  firstSeenOn: '',
};

const lines = (text: string) => text.split(/\r?\n/);

export function ReportForm({
  userId,
  remainingToday,
  onReported,
}: {
  userId: string;
  /** Undefined while her reports load. */
  remainingToday: number | undefined;
  onReported: (report: RiskReport) => void;
}) {
  const send = useReportRiskEntry(userId);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const set = (field: Field) => (value: string) =>
    setValues((prev) => ({ ...prev, [field]: value }));

  function focusFirst(form: HTMLFormElement, found: FieldErrors) {
    const first = FIELDS.find((field) => found[field] !== undefined);
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const parsed = reportRiskEntrySchema.safeParse({
      kind: values.kind === '' ? undefined : values.kind,
      name: values.name,
      identifiers: lines(values.identifiers),
      description: values.description,
      evidenceUrls: lines(values.evidenceUrls),
      firstSeenOn: values.firstSeenOn === '' ? null : values.firstSeenOn,
    });
    if (!parsed.success) {
      const found = fieldErrorsFromZod(parsed.error);
      setErrors(found);
      focusFirst(form, found);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (report) => {
        setValues(EMPTY);
        onReported(report);
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
        focusFirst(form, result.fields);
      },
    });
  }

  const isOutOfReports = remainingToday === 0;
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby="report-heading"
      className="grid max-w-2xl gap-4"
    >
      <div>
        <h2 id="report-heading" className="text-lg font-semibold tracking-tight">
          Report a scam
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Tell other creators about a fake agency, a fake takedown service, someone selling leaks or
          an account that phishes. Our team checks every report before it is listed; your name is
          never shown.
          {remainingToday !== undefined ? ` You can send ${remainingToday} more today.` : ''}
        </p>
      </div>
      {formError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Kind of scam" error={errors.kind}>
          {(control) => (
            <NativeSelect
              {...control}
              name="kind"
              value={values.kind}
              onChange={(event) => set('kind')(event.target.value)}
            >
              <option value="">Choose…</option>
              {RISK_REGISTRY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {RISK_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <TextField
          label="Name it goes by"
          name="name"
          autoComplete="off"
          error={errors.name}
          value={values.name}
          onValueChange={set('name')}
        />
      </div>
      <FormField
        label="Websites, handles or e-mail addresses"
        aside={<span className="text-xs text-muted-foreground">Optional</span>}
        hint="One per line, e.g. @velvet.models or velvet-models.example"
        error={errors.identifiers}
      >
        {(control) => (
          <Textarea
            {...control}
            name="identifiers"
            rows={3}
            value={values.identifiers}
            onChange={(event) => set('identifiers')(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="What happened"
        hint="What they promised or asked for, and how you found out. At least 20 characters."
        error={errors.description}
      >
        {(control) => (
          <Textarea
            {...control}
            name="description"
            rows={5}
            maxLength={RISK_DESCRIPTION_MAX_LENGTH}
            value={values.description}
            onChange={(event) => set('description')(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Evidence links"
        aside={<span className="text-xs text-muted-foreground">Optional</span>}
        hint={`Up to ${RISK_EVIDENCE_MAX} links (https://…), one per line: screenshots, posts or messages.`}
        error={errors.evidenceUrls}
      >
        {(control) => (
          <Textarea
            {...control}
            name="evidenceUrls"
            rows={3}
            inputMode="url"
            value={values.evidenceUrls}
            onChange={(event) => set('evidenceUrls')(event.target.value)}
          />
        )}
      </FormField>
      <TextField
        label="First seen on"
        aside={<span className="text-xs text-muted-foreground">Optional</span>}
        name="firstSeenOn"
        type="date"
        className="sm:max-w-56"
        error={errors.firstSeenOn}
        value={values.firstSeenOn}
        onValueChange={set('firstSeenOn')}
      />
      <Button type="submit" className="w-fit" disabled={send.isPending || isOutOfReports}>
        {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
        Send report
      </Button>
      {isOutOfReports ? (
        <p className="text-sm text-muted-foreground">
          You have sent the most reports a day allows. You can send more tomorrow.
        </p>
      ) : null}
    </form>
  );
}
