import { resetRequestFormSchema } from '@shark/contracts/auth.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useSendVerificationEmail } from '#app/features/auth/api/send-verification-email.ts';
import { useVerifyEmail } from '#app/features/auth/api/verify-email.ts';
import { takeDestinationAfterVerification } from '#app/features/auth/lib/post-auth-destination.ts';
import { isApiClientError } from '#app/lib/api.ts';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

function describeFailure(error: unknown): string {
  if (isApiClientError(error) && error.code === 'TOKEN_EXPIRED') {
    return 'This verification link has expired.';
  }
  // The new address was taken by another account in the meantime: the server says what happened.
  if (isApiClientError(error) && error.code === 'CONFLICT') return error.message;
  if (isApiClientError(error) && (error.code === 'INVALID_TOKEN' || error.status < 500)) {
    return 'This verification link is invalid or has already been used.';
  }
  return isApiClientError(error) ? error.message : 'The e-mail could not be verified.';
}

export function VerifyEmailView({ token }: { token: string }) {
  const navigate = useNavigate();
  const verification = useVerifyEmail(token);

  if (verification.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 text-muted-foreground">
        <Spinner className="size-5" />
        Verifying your e-mail…
      </div>
    );
  }

  if (verification.isError) {
    return (
      <div>
        <h1 className="text-2xl font-bold tracking-tight">This link did not work</h1>
        <Alert variant="error" className="mt-6">
          <CircleAlert aria-hidden="true" />
          <p>{describeFailure(verification.error)} Enter your e-mail to receive a new link.</p>
        </Alert>
        <ResendVerificationForm />
      </div>
    );
  }

  return (
    <div>
      <div className="mb-6 grid size-12 place-items-center rounded-full bg-success/10 text-success">
        <CircleCheck aria-hidden="true" className="size-6" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">Your e-mail is verified</h1>
      {verification.data.signedIn ? (
        <>
          <p className="mt-3 text-muted-foreground">
            Your account is active and you are signed in.
          </p>
          <Button
            className="mt-8 w-full"
            onClick={() => void navigate({ href: takeDestinationAfterVerification() })}
          >
            Continue
          </Button>
        </>
      ) : (
        <>
          <p className="mt-3 text-muted-foreground">
            Your address is confirmed. This browser is not signed in: sign in with your e-mail
            address to continue.
          </p>
          <Button asChild className="mt-8 w-full">
            <Link to="/sign-in">Sign In</Link>
          </Button>
        </>
      )}
    </div>
  );
}

const FIELDS = ['email'] as const;

function ResendVerificationForm() {
  const resend = useSendVerificationEmail();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const data = parseFormOrShowErrors(form, resetRequestFormSchema, FIELDS, setErrors);
    if (!data) return;
    resend.mutate(data, {
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
      <p role="status" className="mt-6 text-muted-foreground">
        If <strong className="text-foreground">{sentTo}</strong> still needs verifying, we sent a
        new link to it. Open it to activate your account.
      </p>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-6 grid gap-5">
      {formError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      ) : null}
      <FormField label="E-mail" error={errors.email}>
        {(control) => (
          <Input {...control} name="email" type="email" autoComplete="email" required />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={resend.isPending}>
        {resend.isPending ? <Spinner /> : null}
        Send a New Link
      </Button>
    </form>
  );
}
