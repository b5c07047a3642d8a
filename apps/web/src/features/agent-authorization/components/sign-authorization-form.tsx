// The signing form: legal name, postal address (kept on file, never put in a notice), the typed
// signature (her legal name again) and "I agree". Checked in the browser with the contract's schema;
// what the server still refuses (a 400 on a field, 403 unverified e-mail, 409 a brand without agent)
// is shown beside the field or above the form.
import type { AuthorizationState } from '@shark/contracts/agent-authorization.ts';
import { CircleAlert, PenLine } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, TextField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useSignAuthorization } from '#app/features/agent-authorization/api/sign-authorization.ts';
import {
  checkSignForm,
  countryOptions,
  SIGN_FIELDS,
  type SignFormValues,
} from '#app/features/agent-authorization/lib/authorization-form.ts';
import { formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

type TextFieldName = Exclude<keyof SignFormValues, 'agree' | 'country'>;

export function SignAuthorizationForm({
  userId,
  initialValues,
  onSigned,
  onCancel,
}: {
  userId: string;
  initialValues: SignFormValues;
  onSigned?: (state: AuthorizationState) => void;
  /** Signing again: a way back to the authorisation on file. */
  onCancel?: () => void;
}) {
  const sign = useSignAuthorization(userId);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const countries = useMemo(() => countryOptions(), []);
  const agreeErrorId = useId();

  function set<TName extends keyof SignFormValues>(name: TName, value: SignFormValues[TName]) {
    setValues((current) => ({ ...current, [name]: value }));
    // A field being corrected no longer carries its old message.
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  function focusFirstError(form: HTMLFormElement, fieldErrors: FieldErrors) {
    const first = SIGN_FIELDS.find((name) => fieldErrors[name] !== undefined);
    const element = first ? form.elements.namedItem(first) : null;
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement)
      element.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const checked = checkSignForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(form, checked.errors);
      return;
    }
    setErrors({});
    sign.mutate(checked.input, {
      onSuccess: (state) => {
        toast.success('Authorisation signed', {
          description:
            state.waitingTakedowns > 0
              ? 'The notices waiting for your signature are being sent.'
              : 'We can now send takedown notices for you.',
        });
        onSigned?.(state);
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, SIGN_FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
        focusFirstError(form, result.fields);
      },
    });
  }

  const text = (name: TextFieldName, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      name={name}
      autoComplete={autoComplete}
      hint={hint}
      error={errors[name]}
      value={values[name]}
      onValueChange={(value) => set(name, value)}
      aside={
        name === 'addressLine2' || name === 'region' ? (
          <span className="text-xs text-muted-foreground">Optional</span>
        ) : undefined
      }
    />
  );

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label="Sign the agent authorisation"
      className="grid gap-5"
    >
      {formError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      ) : null}

      {text(
        'legalName',
        'Full legal name',
        'name',
        'As on your ID. Notices name you as the copyright owner with it.',
      )}

      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-semibold">Postal address</legend>
        <p className="-mt-2 text-xs text-muted-foreground">
          Kept on file by us as your agent; it is never put in a notice. Our own contact details are
          given instead.
        </p>
        {text('addressLine1', 'Address', 'address-line1')}
        {text('addressLine2', 'Address line 2', 'address-line2')}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('city', 'City', 'address-level2')}
          {text('region', 'State or region', 'address-level1')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('postalCode', 'Postal code', 'postal-code')}
          <FormField label="Country" error={errors.country}>
            {(control) => (
              <NativeSelect
                {...control}
                name="country"
                autoComplete="country"
                value={values.country}
                onChange={(event) => set('country', event.target.value)}
              >
                <option value="">Choose a country</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
      </fieldset>

      <TextField
        label="Signature"
        name="signature"
        autoComplete="off"
        spellCheck={false}
        hint="Type your full legal name exactly as above: it is your electronic signature."
        error={errors.signature}
        value={values.signature}
        onValueChange={(value) => set('signature', value)}
        inputClassName="font-serif text-base italic"
      />

      <div className="grid gap-1.5">
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="agree"
            checked={values.agree}
            onChange={(event) => set('agree', event.target.checked)}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? agreeErrorId : undefined}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span>I have read the authorisation above and I agree to it.</span>
        </label>
        {errors.agree ? (
          <p id={agreeErrorId} className="text-sm text-destructive">
            {errors.agree}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={sign.isPending}>
          {sign.isPending ? <Spinner /> : <PenLine aria-hidden="true" />}
          Sign the authorisation
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
