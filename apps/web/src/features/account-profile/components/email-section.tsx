// "E-mail address" on /account: a change sends a link to the new address and applies only once that
// link is opened; until then the section says which address is waiting and that the old one still counts.
// An address that has an account already is answered like any other (no one learns who has an account).
import { changeEmailFormSchema } from '@shark/contracts/auth.ts';
import { CircleAlert, MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useChangeEmail } from '#app/features/account-profile/api/change-email.ts';
import {
  readPendingEmail,
  rememberPendingEmail,
} from '#app/features/account-profile/lib/pending-email.ts';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

const FIELDS = ['newEmail'] as const;

export function EmailSection({
  user,
}: {
  user: { id: string; email: string; emailVerified: boolean };
}) {
  const titleId = useId();
  const change = useChangeEmail();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  // Bumped after a request so the stored pending address is read again.
  const [, setRequests] = useState(0);
  const pending = readPendingEmail(user);

  function request(newEmail: string, form?: HTMLFormElement) {
    change.mutate(
      { newEmail },
      {
        onSuccess: () => {
          rememberPendingEmail(user.id, newEmail);
          form?.reset();
          setRequests((count) => count + 1);
        },
        onError: (error) => {
          const result = formErrorsFromApi(error, FIELDS);
          setErrors(result.fields);
          setFormError(result.message);
        },
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const data = parseFormOrShowErrors(form, changeEmailFormSchema, FIELDS, setErrors);
    if (!data) return;
    request(data.newEmail, form);
  }

  return (
    <section id="email" aria-labelledby={titleId} className="scroll-mt-6">
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>E-mail address</CardTitle>
          <CardDescription>
            You sign in with this address and we send your notices and reports to it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">Current address:</span>
            <strong data-testid="current-email">{user.email}</strong>
            {user.emailVerified ? (
              <Badge variant="secondary">Verified</Badge>
            ) : (
              <Badge variant="warning">Not verified</Badge>
            )}
          </p>

          {pending ? (
            <Alert>
              <MailCheck aria-hidden="true" />
              <div className="grid gap-2">
                <p className="font-semibold">Waiting for confirmation of {pending}</p>
                <p>
                  We sent a link to <strong>{pending}</strong>. Your address stays{' '}
                  <strong>{user.email}</strong> until you open that link; it works for 24 hours. If
                  that address already has an account, its mail says so instead and nothing changes.
                </p>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="w-fit"
                  disabled={change.isPending}
                  onClick={() => request(pending)}
                >
                  {change.isPending ? <Spinner /> : null}
                  Send the Link Again
                </Button>
              </div>
            </Alert>
          ) : null}

          <form noValidate onSubmit={handleSubmit} className="grid max-w-md gap-5">
            {formError ? (
              <Alert variant="error">
                <CircleAlert aria-hidden="true" />
                <p>{formError}</p>
              </Alert>
            ) : null}
            <FormField
              label="New e-mail address"
              error={errors.newEmail}
              hint="We send a confirmation link to the new address."
            >
              {(control) => (
                <Input {...control} name="newEmail" type="email" autoComplete="email" required />
              )}
            </FormField>
            <Button type="submit" className="w-fit" disabled={change.isPending}>
              {change.isPending ? <Spinner /> : null}
              Change E-mail Address
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
