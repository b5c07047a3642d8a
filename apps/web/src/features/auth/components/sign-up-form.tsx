import { signUpFormSchema, type signUpSearchSchema } from '@shark/contracts/auth.ts';
import { Link } from '@tanstack/react-router';
import { ChevronDown, CircleAlert } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useSignInWithGoogle } from '#app/features/auth/api/sign-in-with-google.ts';
import { useSignUp } from '#app/features/auth/api/sign-up.ts';
import { AuthHeading } from '#app/features/auth/components/auth-layout.tsx';
import { CheckInbox } from '#app/features/auth/components/check-inbox.tsx';
import { GoogleButton, OrDivider } from '#app/features/auth/components/google-button.tsx';
import {
  destinationAfterAuth,
  rememberDestinationAfterVerification,
} from '#app/features/auth/lib/post-auth-destination.ts';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { cn } from '#app/lib/utils.ts';

type SignUpSearch = z.output<typeof signUpSearchSchema>;

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'referralCode'] as const;

export function SignUpForm({ search }: { search: SignUpSearch }) {
  const brand = useBrand();
  const signUp = useSignUp();
  const google = useSignInWithGoogle();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [isReferralOpen, setIsReferralOpen] = useState(search.rFromSearch !== undefined);
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const referralId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const destination = destinationAfterAuth(search);
  const isAffiliate = search.isAffiliateOnly === true;
  // Signing in from here should still end where signing up would have.
  const signInSearch = {
    isAffiliateOnly: search.isAffiliateOnly,
    customRedirect: destination === '/dashboard' ? undefined : destination,
  };

  if (registeredEmail !== undefined) {
    return (
      <CheckInbox email={registeredEmail} callbackURL={destination} signInSearch={signInSearch} />
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const data = parseFormOrShowErrors(form, signUpFormSchema, FIELDS, (fieldErrors) => {
      if (fieldErrors.referralCode !== undefined) setIsReferralOpen(true);
      setErrors(fieldErrors);
    });
    if (!data) return;
    const { name, email, password, confirmPassword, referralCode } = data;
    signUp.mutate(
      {
        name,
        email,
        password,
        confirmPassword,
        ...(isAffiliate ? { isAffiliateOnly: true } : {}),
        ...(referralCode !== '' ? { referralCode } : {}),
        callbackURL: destination,
      },
      {
        onSuccess: () => {
          rememberDestinationAfterVerification(destination);
          setRegisteredEmail(email);
        },
        onError: (error) => {
          const result = formErrorsFromApi(error, FIELDS);
          if (result.fields.referralCode !== undefined) setIsReferralOpen(true);
          setErrors(result.fields);
          setFormError(result.message);
        },
      },
    );
  }

  return (
    <>
      <AuthHeading
        badge={isAffiliate ? 'Affiliate programme' : undefined}
        title={isAffiliate ? 'Join the affiliate programme' : 'Create your account'}
        description={
          isAffiliate
            ? 'Earn a lifelong percentage for every customer you refer.'
            : `Start protecting your content with ${brand.name}.`
        }
      />

      {brand.googleSignIn ? (
        <>
          <GoogleButton
            label="Sign Up with Google"
            isPending={google.isPending}
            onClick={() => {
              // The referral code may have been typed into the form below before choosing Google.
              const typed = formRef.current?.elements.namedItem('referralCode');
              const referralCode = (
                typed instanceof HTMLInputElement ? typed.value : (search.rFromSearch ?? '')
              ).trim();
              google.mutate(
                {
                  callbackURL: destination,
                  newUserCallbackURL: destination,
                  additionalData: {
                    ...(isAffiliate ? { isAffiliateOnly: true } : {}),
                    ...(referralCode !== '' ? { referralCode } : {}),
                  },
                },
                { onError: (error) => setFormError(formErrorsFromApi(error, []).message) },
              );
            }}
          />
          <OrDivider />
        </>
      ) : null}

      <form ref={formRef} noValidate onSubmit={handleSubmit} className="grid gap-5">
        {formError ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{formError}</p>
          </Alert>
        ) : null}

        <FormField
          label="Name"
          error={errors.name}
          aside={<span className="text-xs text-muted-foreground">Optional</span>}
        >
          {(control) => <Input {...control} name="name" autoComplete="name" />}
        </FormField>

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

        <FormField label="Password" error={errors.password} hint="At least 8 characters.">
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

        <FormField label="Repeat password" error={errors.confirmPassword}>
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

        <div className="grid gap-3">
          <button
            type="button"
            aria-expanded={isReferralOpen}
            aria-controls={referralId}
            onClick={() => setIsReferralOpen((open) => !open)}
            className="inline-flex w-fit items-center gap-1 rounded text-sm font-medium text-primary hover:underline focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            Have a referral code?
            <ChevronDown
              aria-hidden="true"
              className={cn('size-4 transition-transform', isReferralOpen && 'rotate-180')}
            />
          </button>
          <div id={referralId} hidden={!isReferralOpen}>
            {isReferralOpen ? (
              <FormField label="Referral code" error={errors.referralCode}>
                {(control) => (
                  <Input
                    {...control}
                    name="referralCode"
                    autoComplete="off"
                    defaultValue={search.rFromSearch ?? ''}
                  />
                )}
              </FormField>
            ) : null}
          </div>
        </div>

        <Button type="submit" className="w-full" disabled={signUp.isPending}>
          {signUp.isPending ? <Spinner /> : null}
          Sign Up with Email
        </Button>
      </form>

      <p className="mt-8 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link
          to="/sign-in"
          search={signInSearch}
          className="font-medium text-primary hover:underline"
        >
          Sign in
        </Link>
      </p>
    </>
  );
}
