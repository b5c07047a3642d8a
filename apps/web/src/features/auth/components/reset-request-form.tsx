import { resetRequestFormSchema } from '@shark/contracts/auth.ts';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, CircleAlert, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useRequestPasswordReset } from '#app/features/auth/api/request-password-reset.ts';
import { AuthHeading } from '#app/features/auth/components/auth-layout.tsx';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

const FIELDS = ['email'] as const;

function BackToSignIn() {
  return (
    <p className="mt-8 text-center text-sm">
      <Link
        to="/sign-in"
        className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Sign In
      </Link>
    </p>
  );
}

export function ResetRequestForm() {
  const request = useRequestPasswordReset();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const data = parseFormOrShowErrors(form, resetRequestFormSchema, FIELDS, setErrors);
    if (!data) return;
    request.mutate(data, {
      onSuccess: () => setSentTo(data.email),
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
      },
    });
  }

  if (sentTo !== undefined) {
    return (
      <div>
        <div className="mb-6 grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
          <MailCheck aria-hidden="true" className="size-6" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight">Check your inbox</h1>
        <p role="status" className="mt-3 text-muted-foreground">
          If an account exists for <strong className="text-foreground">{sentTo}</strong>, we sent a
          link to reset the password. The link works once and expires in one hour.
        </p>
        <BackToSignIn />
      </div>
    );
  }

  return (
    <>
      <AuthHeading
        title="Reset your password"
        description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      />
      <form noValidate onSubmit={handleSubmit} className="grid gap-5">
        {formError ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{formError}</p>
          </Alert>
        ) : null}
        <FormField label="E-mail" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              required
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? <Spinner /> : null}
          Send Reset Link
        </Button>
      </form>
      <BackToSignIn />
    </>
  );
}
