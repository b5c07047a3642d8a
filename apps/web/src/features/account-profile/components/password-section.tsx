// "Password" on /account: current + new + repeated. An account made with Google has no password to
// change; its owner gets a link by e-mail to set one (the reset flow, which creates it).
import { ListLoadError } from '#app/components/paged-list-states.tsx';
import { changePasswordFormSchema, PASSWORD_MIN_LENGTH } from '@shark/contracts/auth.ts';
import { CircleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
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
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useChangePassword } from '#app/features/account-profile/api/change-password.ts';
import { useLinkedAccounts } from '#app/features/account-profile/api/linked-accounts.ts';
import { useRequestPasswordLink } from '#app/features/account-profile/api/request-password-link.ts';
import { isApiClientError } from '#app/lib/api.ts';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function PasswordSection({ user }: { user: { id: string; email: string } }) {
  const titleId = useId();
  const accounts = useLinkedAccounts(user.id);
  return (
    <section id="password" aria-labelledby={titleId} className="scroll-mt-6">
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Password</CardTitle>
          <CardDescription>
            Changing your password signs you out on every other device.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {accounts.data ? (
            accounts.data.some((account) => account.providerId === 'credential') ? (
              <ChangePasswordForm />
            ) : (
              <SetPasswordByEmail email={user.email} />
            )
          ) : accounts.isError ? (
            <ListLoadError
              what="Your sign-in methods"
              error={accounts.error}
              onRetry={() => void accounts.refetch()}
            />
          ) : (
            <div role="status" aria-label="Loading your password settings" className="grid gap-3">
              <Skeleton className="h-10 max-w-md" />
              <Skeleton className="h-10 max-w-md" />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const data = parseFormOrShowErrors(form, changePasswordFormSchema, FIELDS, setErrors);
    if (!data) return;
    change.mutate(data, {
      onSuccess: () => {
        form.reset();
        toast.success('Your password was changed', {
          description: 'You stay signed in here; other devices were signed out.',
        });
      },
      onError: (error) => {
        // A wrong current password belongs beside that field.
        if (isApiClientError(error) && error.code === 'INVALID_PASSWORD') {
          setErrors({ currentPassword: error.message });
          return;
        }
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid max-w-md gap-5">
      {formError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      ) : null}
      <FormField label="Current password" error={errors.currentPassword}>
        {(control) => (
          <Input
            {...control}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
          />
        )}
      </FormField>
      <FormField
        label="New password"
        error={errors.newPassword}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      >
        {(control) => (
          <Input
            {...control}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
          />
        )}
      </FormField>
      <FormField label="Repeat new password" error={errors.confirmPassword}>
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
      <Button type="submit" className="w-fit" disabled={change.isPending}>
        {change.isPending ? <Spinner /> : null}
        Change Password
      </Button>
    </form>
  );
}

function SetPasswordByEmail({ email }: { email: string }) {
  const request = useRequestPasswordLink();
  if (request.isSuccess) {
    return (
      <Alert variant="success">
        <p>
          We sent a link to <strong>{email}</strong>. Open it to set your password. Setting it signs
          you out everywhere; then sign in with your e-mail and the new password, or with Google.
        </p>
      </Alert>
    );
  }
  return (
    <div className="grid max-w-md gap-4">
      <p className="text-sm text-muted-foreground">
        You sign in with Google, so your account has no password yet. To set one, we e-mail a link
        to <strong className="text-foreground">{email}</strong>.
      </p>
      {request.isError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>
            {isApiClientError(request.error)
              ? request.error.message
              : 'The link could not be sent. Try again.'}
          </p>
        </Alert>
      ) : null}
      <Button
        type="button"
        className="w-fit"
        disabled={request.isPending}
        onClick={() => request.mutate(email)}
      >
        {request.isPending ? <Spinner /> : null}
        Set a Password
      </Button>
    </div>
  );
}
