// The staff console's first visit: two-factor authentication is turned on before anything else opens.
// Password → the QR code (and the secret in text) for the authenticator app, and the backup codes to
// keep → the first code from the app → the console.
import { enableTwoFactorRequestSchema, totpCodeSchema } from '@shark/contracts/auth.ts';
import type { EnableTwoFactorResult } from '@shark/contracts/auth.ts';
import { useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { CopyButton } from '#app/components/ui/copy-button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import {
  useConfirmTwoFactor,
  useEnableTwoFactor,
} from '#app/features/staff/api/set-up-two-factor.ts';
import { QrCode } from '#app/features/staff/components/qr-code.tsx';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { groupedSecret, secretOfTotpUri } from '#app/lib/two-factor.ts';

export function TwoFactorSetup({ email, onDone }: { email: string; onDone: () => void }) {
  const [enabled, setEnabled] = useState<EnableTwoFactorResult>();
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Turn on two-factor authentication</h1>
        <p className="mt-2 text-muted-foreground">
          The staff console opens only to accounts protected by a second factor: a 6-digit code from
          an authenticator app (such as 1Password, Google Authenticator or Authy) at every sign-in,
          besides the password of {email}.
        </p>
      </header>
      {enabled ? (
        <ScanAndConfirm enabled={enabled} onDone={onDone} />
      ) : (
        <PasswordStep onEnabled={setEnabled} />
      )}
    </div>
  );
}

function PasswordStep({ onEnabled }: { onEnabled: (result: EnableTwoFactorResult) => void }) {
  const enable = useEnableTwoFactor();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const data = parseFormOrShowErrors(
      event.currentTarget,
      enableTwoFactorRequestSchema,
      ['password'],
      setErrors,
    );
    if (!data) return;
    enable.mutate(data.password, {
      onSuccess: onEnabled,
      onError: (error) => {
        if (isApiClientError(error) && error.code === 'INVALID_PASSWORD') {
          setErrors({ password: 'This is not your password.' });
          return;
        }
        const result = formErrorsFromApi(error, ['password']);
        setErrors(result.fields);
        setFormError(result.message);
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>1. Confirm it is you</CardTitle>
        <CardDescription>Enter your password to create the secret for your app.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit} className="grid gap-5">
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <FormField label="Password" error={errors.password}>
            {(control) => (
              <Input
                {...control}
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
            )}
          </FormField>
          <Button type="submit" className="w-fit" disabled={enable.isPending}>
            {enable.isPending ? <Spinner /> : null}
            Continue
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ScanAndConfirm({
  enabled,
  onDone,
}: {
  enabled: EnableTwoFactorResult;
  onDone: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const secret = secretOfTotpUri(enabled.totpURI) ?? '';
  const codes = enabled.backupCodes.join('\n');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const data = parseFormOrShowErrors(event.currentTarget, totpCodeSchema, ['code'], setErrors);
    if (!data) return;
    confirm.mutate(data.code, {
      onSuccess: onDone,
      onError: (error) => {
        if (isApiClientError(error) && error.code === 'INVALID_CODE') {
          setErrors({ code: 'This code is not right. Enter the one your app shows now.' });
          return;
        }
        setFormError(formErrorsFromApi(error, []).message);
      },
    });
  }

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>2. Add the account to your authenticator app</CardTitle>
          <CardDescription>
            Scan the QR code with the app, or type the secret into it by hand.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
          <QrCode
            value={enabled.totpURI}
            label="QR code of the two-factor secret"
            className="size-44 rounded-lg border"
          />
          <div className="grid gap-2">
            <p className="text-sm font-medium" id="totp-secret-label">
              Secret
            </p>
            <code
              aria-labelledby="totp-secret-label"
              data-testid="totp-secret"
              data-secret={secret}
              className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
            >
              {groupedSecret(secret)}
            </code>
            <CopyButton text={secret} variant="outline" size="sm" className="w-fit">
              Copy the secret
            </CopyButton>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>3. Keep your backup codes</CardTitle>
          <CardDescription>
            If you lose your phone, each of these codes signs you in once instead of the app. Store
            them in your password manager: they are not shown again.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ul
            aria-label="Backup codes"
            className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-muted px-4 py-3 font-mono text-sm sm:grid-cols-3"
          >
            {enabled.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <CopyButton text={codes} variant="outline" size="sm" className="w-fit">
            Copy the backup codes
          </CopyButton>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>4. Enter a code from the app</CardTitle>
          <CardDescription>This checks the app is set up and turns two-factor on.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={handleSubmit} className="grid gap-5">
            {formError ? <Alert variant="error">{formError}</Alert> : null}
            <FormField label="6-digit code" error={errors.code}>
              {(control) => (
                <Input
                  {...control}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  className="max-w-40"
                  required
                />
              )}
            </FormField>
            <Button type="submit" className="w-fit" disabled={confirm.isPending}>
              {confirm.isPending ? <Spinner /> : null}
              Turn on two-factor
            </Button>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
