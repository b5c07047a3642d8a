// Edits an account: another username (the ownership proof starts again) or the old-account flag.
import { editProtectedAccountSchema, type ProtectedAccount } from '@shark/contracts/accounts.ts';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/components/ui/dialog.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useEditAccount } from '#app/features/accounts/api/edit-account.ts';
import { accountHandle, PLATFORMS, platformLabel } from '#app/features/accounts/lib/platforms.ts';
import {
  fieldErrorsFromZod,
  focusFirstError,
  formErrorsFromApi,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

const FIELDS = ['username', 'isOld'] as const;

export function EditAccountDialog({
  account,
  userId,
  open,
  onOpenChange,
}: {
  account: ProtectedAccount;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const edit = useEditAccount(userId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const oldId = useId();
  const isAddress = account.platform === 'website' || account.platform === 'other';

  function handleOpenChange(next: boolean) {
    if (!next) {
      setErrors({});
      setFormError(undefined);
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setFormError(undefined);
    const typed = data.get('username');
    const username = typeof typed === 'string' ? typed : '';
    const parsed = editProtectedAccountSchema.safeParse({
      // Unchanged text is not sent: it would only repeat what is stored.
      username: username.trim() === account.username ? undefined : username,
      isOld: data.get('isOld') === 'on',
    });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFromZod(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(form, fieldErrors);
      return;
    }
    setErrors({});
    edit.mutate(
      { id: account.id, input: parsed.data },
      {
        onSuccess: (updated) => {
          const wasReset = account.isVerified && !updated.isVerified;
          toast.success('Account saved', {
            description: wasReset
              ? 'This is another profile now: prove it is yours with the same code.'
              : undefined,
          });
          handleOpenChange(false);
        },
        onError: (error) => {
          const result = formErrorsFromApi(error, FIELDS);
          setErrors(result.fields);
          setFormError(result.message);
          focusFirstError(form, result.fields);
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit {accountHandle(account.platform, account.username)}</DialogTitle>
          <DialogDescription>
            {platformLabel(account.platform)}. Changing the {isAddress ? 'address' : 'username'} to
            another profile means proving ownership again.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="grid gap-4">
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <FormField
            label={isAddress ? 'Address' : 'Username or profile link'}
            error={errors.username}
          >
            {(control) => (
              <Input
                {...control}
                name="username"
                defaultValue={account.username}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={PLATFORMS[account.platform].placeholder}
              />
            )}
          </FormField>
          <div className="flex items-center gap-2">
            <input
              id={oldId}
              type="checkbox"
              name="isOld"
              defaultChecked={account.isOld}
              className="size-4 rounded border-input accent-primary"
            />
            <label htmlFor={oldId} className="text-sm font-medium">
              Old account
            </label>
          </div>
          {errors.isOld ? <p className="text-sm text-destructive">{errors.isOld}</p> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={edit.isPending}>
              {edit.isPending ? <Spinner /> : null}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
