// Step 1: the usernames the creator publishes under (platform + username), one or more.
import { addProtectedAccountSchema, type AccountPlatform } from '@shark/contracts/accounts.ts';
import { ArrowRight, BadgeCheck, CircleAlert, CircleHelp, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useAddUsername } from '#app/features/onboarding/api/add-username.ts';
import { useUsernames } from '#app/features/onboarding/api/get-usernames.ts';
import { useRemoveUsername } from '#app/features/onboarding/api/remove-username.ts';
import { StepHeading } from '#app/features/onboarding/components/step-heading.tsx';
import { PLATFORMS, platformLabel } from '#app/features/accounts/lib/platforms.ts';
import type { SetupApiBase } from '#app/features/onboarding/lib/setup-api.ts';
import { UsageMeter } from '#app/features/usage/components/usage-meter.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';
import { PlatformField } from '#app/features/accounts/components/platform-field.tsx';

const FIELDS = ['platform', 'username'] as const;

export function UsernamesStep({
  userId,
  base,
  onContinue,
}: {
  userId: string;
  base: SetupApiBase;
  onContinue: () => void;
}) {
  const usernames = useUsernames(userId, base);
  const accounts = usernames.data?.accounts ?? [];

  return (
    <section aria-labelledby="step-usernames" className="grid gap-5">
      <StepHeading id="step-usernames" title="Your usernames">
        The accounts you publish under, on every platform, old ones too. We look for leaks by these
        names.
      </StepHeading>
      <UsageMeter limit="usernames" className="max-w-md" />

      {usernames.isPending ? (
        <Skeleton className="h-14 rounded-lg" />
      ) : usernames.isError ? (
        <Alert variant="error">
          Your usernames could not be loaded.{' '}
          {isApiClientError(usernames.error) ? usernames.error.message : 'Try again in a moment.'}
        </Alert>
      ) : accounts.length > 0 ? (
        <ul aria-label="Your usernames" className="divide-y rounded-lg border">
          {accounts.map((account) => (
            <UsernameRow
              key={account.id}
              userId={userId}
              base={base}
              id={account.id}
              username={account.username}
              platform={account.platform}
              isVerified={account.isVerified}
            />
          ))}
        </ul>
      ) : null}

      <AddUsernameForm userId={userId} base={base} />

      <div className="flex flex-wrap items-center gap-3 border-t pt-5">
        <Button disabled={accounts.length === 0} onClick={onContinue}>
          Continue to search terms
          <ArrowRight aria-hidden="true" />
        </Button>
        {accounts.length === 0 && !usernames.isPending ? (
          <p className="text-sm text-muted-foreground">Add at least one username to continue.</p>
        ) : null}
      </div>
    </section>
  );
}

function UsernameRow({
  userId,
  base,
  id,
  username,
  platform,
  isVerified,
}: {
  userId: string;
  base: SetupApiBase;
  id: string;
  username: string;
  platform: string;
  isVerified: boolean;
}) {
  const remove = useRemoveUsername(userId, base);
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span>
          <span className="font-medium break-words">{username}</span>
          <span className="text-muted-foreground"> · {platformLabel(platform)}</span>
        </span>
        {/* Unverified accounts are marked wherever they appear; proof is given on Accounts. */}
        {isVerified ? (
          <Badge variant="secondary" className="text-success">
            <BadgeCheck aria-hidden="true" />
            Verified
          </Badge>
        ) : (
          <Badge variant="warning">
            <CircleHelp aria-hidden="true" />
            Unverified
          </Badge>
        )}
      </p>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Remove ${username} (${platformLabel(platform)})`}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(id, {
            onError: (error) =>
              toast.error(
                isApiClientError(error) ? error.message : 'The username could not be removed.',
              ),
          })
        }
      >
        {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
        Remove
      </Button>
    </li>
  );
}

function AddUsernameForm({ userId, base }: { userId: string; base: SetupApiBase }) {
  const add = useAddUsername(userId, base);
  const [platform, setPlatform] = useState<AccountPlatform>('onlyfans');
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const placeholder = PLATFORMS[platform].placeholder;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const parsed = addProtectedAccountSchema.safeParse({ platform, username });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      form.querySelector<HTMLInputElement>('input[name="username"]')?.focus();
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (account) => {
        setUsername('');
        toast.success(`Added ${account.username} (${platformLabel(account.platform)})`);
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Add a username" className="grid gap-4">
      {formError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <PlatformField value={platform} onChange={setPlatform} error={errors.platform} />
        <TextField
          label="Username or profile link"
          error={errors.username}
          name="username"
          autoComplete="off"
          placeholder={placeholder}
          value={username}
          onValueChange={setUsername}
        />
      </div>
      <Button type="submit" variant="outline" className="w-fit" disabled={add.isPending}>
        {add.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
        Add username
      </Button>
    </form>
  );
}
