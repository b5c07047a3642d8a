// "Your data" on /account: download everything Shark keeps about her, and delete her account for good
// (a dialog asking for the typed confirmation and her password — or, with Google only, her e-mail).
import { DELETE_ACCOUNT_CONFIRMATION } from '@shark/contracts/account-data.ts';
import { Download, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useAccountDataInfo } from '#app/features/account-data/api/get-account-data-info.ts';
import { useDeleteAccount } from '#app/features/account-data/api/delete-account.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

/** Plain links: the browser writes the streamed download straight to disk. */
const ARCHIVE_URL = '/api/account/archive';
const EXPORT_URL = '/api/account/export';
const FIELDS = ['confirmation', 'password', 'email'] as const;

export function YourDataSection({ user }: { user: { id: string; email: string } }) {
  const titleId = useId();
  const [isDialogOpen, setDialogOpen] = useState(false);
  return (
    <section id="your-data" aria-labelledby={titleId} className="scroll-mt-6">
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Your data</CardTitle>
          <CardDescription>
            Download everything we keep about you, or delete your account and all of your data.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            The download is one ZIP archive: the content you uploaded, the notices sent for you as
            PDFs, and a JSON file with your profile, plan and payments, accounts, search terms,
            whitelist, findings, takedowns, reports and your signed authorisation. Large libraries
            take a while: keep the page open until the download ends.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button asChild variant="outline">
              <a href={ARCHIVE_URL} download>
                <Download aria-hidden="true" />
                Download all my data
              </a>
            </Button>
            <a
              href={EXPORT_URL}
              download
              className="text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground"
            >
              Only the records, as JSON
            </a>
            <Button variant="destructive" onClick={() => setDialogOpen(true)}>
              <Trash2 aria-hidden="true" />
              Delete my account
            </Button>
          </div>
        </CardContent>
      </Card>
      {isDialogOpen ? (
        <DeleteAccountDialog user={user} onClose={() => setDialogOpen(false)} />
      ) : null}
    </section>
  );
}

function DeleteAccountDialog({
  user,
  onClose,
}: {
  user: { id: string; email: string };
  onClose: () => void;
}) {
  const info = useAccountDataInfo(user.id);
  const remove = useDeleteAccount();
  const [confirmation, setConfirmation] = useState('');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const confirmWith = info.data?.confirmWith;

  function handleConfirm() {
    setErrors({});
    setFormError(undefined);
    if (!confirmWith) return;
    remove.mutate(
      {
        confirmation,
        ...(confirmWith === 'password' ? { password: secret } : { email: secret }),
      },
      {
        onError: (error) => {
          const result = formErrorsFromApi(error, FIELDS);
          setErrors(result.fields);
          setFormError(result.message);
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete your account?"
      description="Your account, your uploaded files and every record of your protection are deleted for good, and a running subscription ends now without a refund. Download your data first if you want to keep it."
      confirmLabel="Delete my account"
      pending={remove.isPending}
      error={
        formError ??
        (info.isError
          ? isApiClientError(info.error)
            ? info.error.message
            : 'Could not load the deletion settings.'
          : undefined)
      }
      onConfirm={handleConfirm}
    >
      {confirmWith ? (
        <div className="grid gap-4">
          <FormField
            label={`Type "${DELETE_ACCOUNT_CONFIRMATION}" to confirm`}
            error={errors.confirmation}
          >
            {(control) => (
              <Input
                {...control}
                name="confirmation"
                autoComplete="off"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
              />
            )}
          </FormField>
          {confirmWith === 'password' ? (
            <FormField label="Your password" error={errors.password}>
              {(control) => (
                <Input
                  {...control}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={secret}
                  onChange={(event) => setSecret(event.target.value)}
                />
              )}
            </FormField>
          ) : (
            <FormField label="Your e-mail address" error={errors.email}>
              {(control) => (
                <Input
                  {...control}
                  name="email"
                  type="email"
                  autoComplete="off"
                  value={secret}
                  onChange={(event) => setSecret(event.target.value)}
                />
              )}
            </FormField>
          )}
        </div>
      ) : info.isError ? null : (
        <div role="status" aria-label="Loading" className="grid gap-3">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      )}
    </ConfirmDialog>
  );
}
