// The sign-in page's second step for accounts with two-factor on: the code from the authenticator
// app, or one of the backup codes saved at set-up.
import { backupCodeSchema, totpCodeSchema } from '@shark/contracts/auth-mini.ts';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useVerifySignInCode } from '#app/features/auth/api/verify-sign-in-code.ts';
import { AuthHeading } from '#app/features/auth/components/auth-layout.tsx';
import { signInCodeErrorMessage } from '#app/features/auth/lib/sign-in-code-errors.ts';
import { parseFormOrShowErrors, type FieldErrors } from '#app/lib/form-errors.ts';

const FIELDS = ['code'] as const;

export function TwoFactorStep({
  onVerified,
  onCancel,
}: {
  onVerified: () => void;
  onCancel: () => void;
}) {
  const verify = useVerifySignInCode();
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const isTotp = method === 'totp';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const schema = isTotp ? totpCodeSchema : backupCodeSchema;
    const data = parseFormOrShowErrors(event.currentTarget, schema, FIELDS, setErrors);
    if (!data) return;
    verify.mutate(
      { method, code: data.code },
      { onSuccess: onVerified, onError: (error) => setFormError(signInCodeErrorMessage(error)) },
    );
  }

  function switchMethod() {
    setMethod(isTotp ? 'backup' : 'totp');
    setErrors({});
    setFormError(undefined);
  }

  return (
    <>
      <AuthHeading
        title="Two-factor authentication"
        description={
          isTotp
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.'
        }
      />
      <form noValidate onSubmit={handleSubmit} className="grid gap-5" key={method}>
        {formError ? (
          <Alert variant="error">
            <KeyRound aria-hidden="true" />
            <p>{formError}</p>
          </Alert>
        ) : null}
        <FormField label={isTotp ? 'Code' : 'Backup code'} error={errors.code}>
          {(control) => (
            <Input
              {...control}
              name="code"
              autoComplete="one-time-code"
              inputMode={isTotp ? 'numeric' : 'text'}
              autoFocus
              required
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={verify.isPending}>
          {verify.isPending ? <Spinner /> : null}
          Verify
        </Button>
      </form>
      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={switchMethod}>
          {isTotp ? 'Use a backup code' : 'Use the authenticator app'}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </>
  );
}
