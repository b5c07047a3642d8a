import { newPasswordFormSchema } from '@shark/contracts/auth.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '#app/lib/toast.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useResetPassword } from '#app/features/auth/api/reset-password.ts';
import { AuthHeading } from '#app/features/auth/components/auth-layout.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

const FIELDS = ['password', 'confirmPassword'] as const;

export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [isTokenInvalid, setIsTokenInvalid] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    setIsTokenInvalid(false);
    const data = parseFormOrShowErrors(form, newPasswordFormSchema, FIELDS, setErrors);
    if (!data) return;
    reset.mutate(
      { newPassword: data.password, confirmPassword: data.confirmPassword, token },
      {
        onSuccess: () => {
          toast.success('Your password was changed', {
            description: 'Sign in with your new password.',
          });
          void navigate({ to: '/sign-in' });
        },
        onError: (error) => {
          if (isApiClientError(error) && error.code === 'INVALID_TOKEN') {
            setIsTokenInvalid(true);
            return;
          }
          // The server names the field newPassword; this form calls it password.
          const result = formErrorsFromApi(error, ['newPassword', 'confirmPassword']);
          setErrors({
            password: result.fields.newPassword,
            confirmPassword: result.fields.confirmPassword,
          });
          setFormError(result.message);
        },
      },
    );
  }

  return (
    <>
      <AuthHeading
        title="Create New Password"
        description="Choose a new password for your account. You will use it the next time you sign in."
      />
      <form noValidate onSubmit={handleSubmit} className="grid gap-5">
        {isTokenInvalid ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>
              This reset link is invalid or has expired.{' '}
              <Link to="/reset" className="font-semibold underline">
                Request a new one.
              </Link>
            </p>
          </Alert>
        ) : null}
        {formError ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{formError}</p>
          </Alert>
        ) : null}
        <FormField label="New password" error={errors.password} hint="At least 8 characters.">
          {(control) => (
            <Input
              {...control}
              name="password"
              type="password"
              autoComplete="new-password"
              required
            />
          )}
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword}>
          {(control) => (
            <Input
              {...control}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? <Spinner /> : null}
          Save New Password
        </Button>
      </form>
      <p className="mt-8 text-center text-sm">
        <Link to="/sign-in" className="font-medium text-primary hover:underline">
          Back to Sign In
        </Link>
      </p>
    </>
  );
}
