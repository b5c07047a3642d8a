// Reports one fake profile: its address, the platform, who it pretends to be and why she knows it is
// fake. The API's field messages show beside the fields.
import {
  IMPERSONATION_EVIDENCE_MAX,
  IMPERSONATION_EVIDENCE_MIN,
  reportImpersonationSchema,
  type ImpersonationPlatform,
} from '@shark/contracts/report-leaks.ts';
import { CircleAlert, UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { FormField, TextField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Textarea } from '#app/components/ui/textarea.tsx';
import { useReportImpersonation } from '#app/features/report-impersonation/api/report-impersonation.ts';
import { handleOf } from '#app/features/report-impersonation/lib/labels.ts';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

const FIELDS = [
  'url',
  'platform',
  'username',
  'displayName',
  'evidence',
  'officialProfileUrl',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = {
  url: '',
  platform: '',
  username: '',
  displayName: '',
  evidence: '',
  officialProfileUrl: '',
};

export function ImpersonationForm({
  userId,
  platforms,
}: {
  userId: string;
  platforms: ImpersonationPlatform[];
}) {
  const report = useReportImpersonation(userId);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const set = (field: Field) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const platform = platforms.find((p) => p.id === values.platform);

  function focusFirst(form: HTMLFormElement, fieldErrors: FieldErrors) {
    const first = FIELDS.find((field) => fieldErrors[field] !== undefined);
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const parsed = reportImpersonationSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFromZod(parsed.error);
      setErrors(fieldErrors);
      focusFirst(form, fieldErrors);
      return;
    }
    setErrors({});
    report.mutate(parsed.data, {
      onSuccess: (created) => {
        setValues(EMPTY);
        const who = handleOf(created.username) ?? created.url;
        toast.success(`Reported ${who} on ${created.platformName}`);
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
        focusFirst(form, result.fields);
      },
    });
  }

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold tracking-tight">Report a fake profile</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A profile that pretends to be you. We prepare the report the platform’s impersonation policy
        asks for and follow it until the profile is gone.
      </p>
      <form
        noValidate
        onSubmit={handleSubmit}
        aria-label="Report a fake profile"
        className="mt-4 grid gap-4"
      >
        {formError ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{formError}</p>
          </Alert>
        ) : null}
        <TextField
          label="Profile address"
          error={errors.url}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://x.com/fake_profile"
          value={values.url}
          onValueChange={set('url')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Platform" error={errors.platform}>
            {(control) => (
              <NativeSelect
                {...control}
                name="platform"
                value={values.platform}
                onChange={(event) => set('platform')(event.target.value)}
              >
                <option value="">Choose the platform</option>
                {platforms.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <TextField
            label="Username"
            aside={<span className="text-xs text-muted-foreground">Optional</span>}
            error={errors.username}
            hint={
              platform?.profileTemplate
                ? `Read from the address when left empty (${platform.profileTemplate}).`
                : 'The name the profile uses, as shown on the platform.'
            }
            name="username"
            autoComplete="off"
            value={values.username}
            onValueChange={set('username')}
          />
        </div>
        <TextField
          label="Display name"
          aside={<span className="text-xs text-muted-foreground">Optional</span>}
          error={errors.displayName}
          hint="The name shown on the profile, if it uses yours."
          name="displayName"
          autoComplete="off"
          value={values.displayName}
          onValueChange={set('displayName')}
        />
        <FormField
          label="Why it is fake"
          error={errors.evidence}
          hint={`What shows it pretends to be you: your name, your photos, messages to your fans. ${IMPERSONATION_EVIDENCE_MIN} to ${IMPERSONATION_EVIDENCE_MAX} characters (${values.evidence.trim().length} now).`}
        >
          {(control) => (
            <Textarea
              {...control}
              name="evidence"
              rows={4}
              maxLength={IMPERSONATION_EVIDENCE_MAX}
              value={values.evidence}
              onChange={(event) => set('evidence')(event.target.value)}
            />
          )}
        </FormField>
        <TextField
          label="Your official profile"
          aside={<span className="text-xs text-muted-foreground">Optional</span>}
          error={errors.officialProfileUrl}
          hint="Your real profile on the platform, for them to compare."
          name="officialProfileUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          value={values.officialProfileUrl}
          onValueChange={set('officialProfileUrl')}
        />
        <Button type="submit" className="w-fit" disabled={report.isPending}>
          {report.isPending ? <Spinner /> : <UserX aria-hidden="true" />}
          Report Profile
        </Button>
      </form>
    </Card>
  );
}
