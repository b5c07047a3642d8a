import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { toast } from '#app/lib/toast.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useSendVerificationEmail } from '#app/features/auth/api/send-verification-email.ts';
import { isApiClientError } from '#app/lib/api.ts';

/** Shown after sign-up: the account works once the link in the e-mail has been opened. */
export function CheckInbox({
  email,
  callbackURL,
  signInSearch,
}: {
  email: string;
  callbackURL: string;
  signInSearch: { isAffiliateOnly?: boolean | undefined; customRedirect?: string | undefined };
}) {
  const resend = useSendVerificationEmail();

  return (
    <div>
      <div className="mb-6 grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
        <MailCheck aria-hidden="true" className="size-6" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">Check your inbox</h1>
      <p className="mt-3 text-muted-foreground">
        We sent a verification link to <strong className="text-foreground">{email}</strong>. Open it
        to activate your account.
      </p>
      <p className="mt-3 text-sm text-muted-foreground">
        Nothing there after a few minutes? Look in your spam folder, or send it again.
      </p>
      <div className="mt-8 grid gap-3">
        <Button
          variant="outline"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(
              { email, callbackURL },
              {
                onSuccess: () =>
                  toast.success('E-mail sent again', {
                    description: `We sent a new verification link to ${email}.`,
                  }),
                onError: (error) =>
                  toast.error(
                    isApiClientError(error) ? error.message : 'The e-mail could not be sent.',
                  ),
              },
            )
          }
        >
          {resend.isPending ? <Spinner /> : null}
          Resend the e-mail
        </Button>
        <Button asChild variant="ghost">
          <Link to="/sign-in" search={signInSearch}>
            Back to Sign In
          </Link>
        </Button>
      </div>
    </div>
  );
}
