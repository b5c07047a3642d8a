// Adds an account: platform, username or profile link, and whether it is an old account.
import {
  addProtectedAccountSchema,
  type AccountPlatform,
  type ProtectedAccount,
} from '@shark/contracts/accounts.ts';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useAddAccount } from '#app/features/accounts/api/add-account.ts';
import { accountHandle, PLATFORMS } from '#app/features/accounts/lib/platforms.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { PlatformField } from '#app/features/accounts/components/platform-field.tsx';
import {
  fieldErrorsFromZod,
  focusFirstError,
  formErrorsFromApi,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

const FIELDS = ['platform', 'username', 'isOld'] as const;

export function AddAccountForm({
  userId,
  onAdded,
}: {
  userId: string;
  onAdded: (account: ProtectedAccount) => void;
}) {
  const add = useAddAccount(userId);
  const [platform, setPlatform] = useState<AccountPlatform>('onlyfans');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ message: string; isLimit: boolean }>();
  const oldId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setFormError(undefined);
    const parsed = addProtectedAccountSchema.safeParse({
      platform: data.get('platform'),
      username: data.get('username'),
      isOld: data.get('isOld') === 'on',
    });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFromZod(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(form, fieldErrors);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (account) => {
        form.reset();
        setPlatform(parsed.data.platform);
        toast.success('Account added', {
          description: `${accountHandle(account.platform, account.username)}: prove it is yours with the code shown below.`,
        });
        onAdded(account);
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        if (result.message) {
          setFormError({
            message: result.message,
            isLimit: isApiClientError(error) && error.code === 'PLAN_LIMIT_REACHED',
          });
        }
        focusFirstError(form, result.fields);
      },
    });
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby="add-account-heading"
      className="grid gap-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id="add-account-heading" className="text-lg font-semibold tracking-tight">
          Add an account
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Every account you publish under, on any platform — several per platform, and old ones you
          no longer use.
        </p>
      </div>

      {formError ? (
        <Alert variant="error">
          <p>
            {formError.message}
            {formError.isLimit ? (
              <>
                {' '}
                <Link to="/plans" className="font-semibold underline underline-offset-4">
                  See plans
                </Link>
              </>
            ) : null}
          </p>
        </Alert>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <PlatformField value={platform} onChange={setPlatform} error={errors.platform} />
        <FormField
          label={
            platform === 'website'
              ? 'Website address'
              : platform === 'other'
                ? 'Profile link'
                : 'Username or profile link'
          }
          error={errors.username}
        >
          {(control) => (
            <Input
              {...control}
              name="username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={PLATFORMS[platform].placeholder}
            />
          )}
        </FormField>
      </div>

      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <input
            id={oldId}
            type="checkbox"
            name="isOld"
            aria-describedby={`${oldId}-hint`}
            className="size-4 rounded border-input accent-primary"
          />
          <label htmlFor={oldId} className="text-sm font-medium">
            Old account
          </label>
        </div>
        <p id={`${oldId}-hint`} className="pl-6 text-xs text-muted-foreground">
          An account you no longer use: leaks of its content are still yours to take down.
        </p>
        {errors.isOld ? <p className="pl-6 text-sm text-destructive">{errors.isOld}</p> : null}
      </div>

      <div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
          Add account
        </Button>
      </div>
    </form>
  );
}
