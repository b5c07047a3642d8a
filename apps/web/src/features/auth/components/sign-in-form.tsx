import { signInFormSchema, type signInSearchSchema } from '@shark/contracts/auth-mini.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { MailWarning } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { toast } from '#app/lib/toast.ts';
import type * as z from 'zod/mini';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useSendVerificationEmail } from '#app/features/auth/api/send-verification-email.ts';
import { useSignIn } from '#app/features/auth/api/sign-in.ts';
import { useSignInWithGoogle } from '#app/features/auth/api/sign-in-with-google.ts';
import { AuthHeading } from '#app/features/auth/components/auth-layout.tsx';
import { GoogleButton, OrDivider } from '#app/features/auth/components/google-button.tsx';
import { destinationAfterAuth } from '#app/features/auth/lib/post-auth-destination.ts';
import { isApiClientError } from '#app/lib/api.ts';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';
import { useBrand } from '#app/lib/queries/get-brand.ts';

type SignInSearch = z.output<typeof signInSearchSchema>;

// The second step is for the few accounts with two-factor on: it loads when a sign-in starts, while the
// password is being checked, not with the page.
const loadTwoFactorStep = () => import('#app/features/auth/components/two-factor-step.tsx');
const TwoFactorStep = lazy(() =>
  loadTwoFactorStep().then(({ TwoFactorStep }) => ({ default: TwoFactorStep })),
);

const FIELDS = ['email', 'password'] as const;

export function SignInForm({ search }: { search: SignInSearch }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const google = useSignInWithGoogle();
  const resend = useSendVerificationEmail();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  // Set when the server refuses the sign-in because the address is not verified yet.
  const [unverifiedEmail, setUnverifiedEmail] = useState<string>();
  // Set when the password was right and the account asks for its second factor.
  const [isAskingCode, setIsAskingCode] = useState(false);

  const destination = destinationAfterAuth(search);
  const isAffiliate = search.isAffiliateOnly === true;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    setUnverifiedEmail(undefined);
    const data = parseFormOrShowErrors(form, signInFormSchema, FIELDS, setErrors);
    if (!data) return;
    void loadTwoFactorStep().catch(() => undefined);
    signIn.mutate(data, {
      onSuccess: ({ needsSecondFactor }) => {
        if (needsSecondFactor) setIsAskingCode(true);
        else void navigate({ href: destination });
      },
      onError: (error) => {
        if (isApiClientError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
          setUnverifiedEmail(data.email);
        }
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
      },
    });
  }

  function resendVerification(email: string) {
    resend.mutate(
      { email, callbackURL: destination },
      {
        onSuccess: () =>
          toast.success('Verification e-mail sent', {
            description: `Open the link we sent to ${email} to activate your account.`,
          }),
        onError: (error) =>
          toast.error(isApiClientError(error) ? error.message : 'The e-mail could not be sent.'),
      },
    );
  }

  if (isAskingCode)
    return (
      <Suspense fallback={<Spinner />}>
        <TwoFactorStep
          onVerified={() => void navigate({ href: destination })}
          onCancel={() => setIsAskingCode(false)}
        />
      </Suspense>
    );

  return (
    <>
      <AuthHeading
        badge={isAffiliate ? 'Affiliate programme' : undefined}
        title={isAffiliate ? 'Sign in to your affiliate account' : 'Sign in to your account'}
        description={
          isAffiliate
            ? 'Follow your referrals and the lifelong commission they earn you.'
            : `Welcome back to ${brand.name}.`
        }
      />

      {brand.googleSignIn ? (
        <>
          <GoogleButton
            label="Sign In with Google"
            isPending={google.isPending}
            onClick={() =>
              google.mutate(
                { callbackURL: destination, newUserCallbackURL: destination },
                { onError: (error) => setFormError(formErrorsFromApi(error, []).message) },
              )
            }
          />
          <OrDivider />
        </>
      ) : null}

      <form noValidate onSubmit={handleSubmit} className="grid gap-5">
        {formError ? (
          <Alert variant="error">
            <MailWarning aria-hidden="true" />
            <div className="grid gap-2">
              <p>{formError}</p>
              {unverifiedEmail ? (
                <Button
                  type="button"
                  variant="link"
                  className="justify-start text-destructive underline"
                  disabled={resend.isPending}
                  onClick={() => resendVerification(unverifiedEmail)}
                >
                  {resend.isPending ? <Spinner /> : null}
                  Resend the verification e-mail
                </Button>
              ) : null}
            </div>
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

        <FormField
          label="Password"
          error={errors.password}
          aside={
            <Link to="/reset" className="text-sm font-medium text-primary hover:underline">
              Forgot password?
            </Link>
          }
        >
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

        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? <Spinner /> : null}
          Sign In with Email
        </Button>
      </form>

      <p className="mt-8 text-center text-sm text-muted-foreground">
        New here?{' '}
        <Link
          to="/sign-up"
          search={{
            isAffiliateOnly: search.isAffiliateOnly,
            customRedirect: search.customRedirect,
          }}
          className="font-medium text-primary hover:underline"
        >
          Sign up
        </Link>
      </p>
    </>
  );
}
