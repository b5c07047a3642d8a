// The e-mail settings page reached from the link at the foot of her e-mails: change which e-mails come,
// or stop them all, without signing in. A link that is forged or has expired says so and leads to
// the signed-in settings instead.
import type { EmailPreferences, SubscriptionSettings } from '@shark/contracts/notifications.ts';
import { Link } from '@tanstack/react-router';
import { MailCheck, MailX } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import {
  useSaveSubscriptionSettings,
  useSubscriptionSettings,
  useUnsubscribeFromAll,
} from '#app/features/notifications/api/subscription-settings.ts';
import { CategoryChoices } from '#app/features/notifications/components/category-choices.tsx';
import { formatDay } from '#app/features/notifications/lib/format.ts';
import { isApiClientError } from '#app/lib/api.ts';

export function SubscriptionSettingsView({
  token,
  brandName,
}: {
  token: string;
  brandName: string;
}) {
  const settings = useSubscriptionSettings(token);
  if (settings.isPending) {
    return (
      <Card role="status" aria-label="Loading your e-mail preferences" className="grid gap-3 p-8">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-40" />
      </Card>
    );
  }
  if (settings.isError) {
    const error = settings.error;
    const isExpired = isApiClientError(error) && error.fields?.token === 'expired';
    const isInvalid = isApiClientError(error) && error.status === 400;
    return (
      <Card className="p-8 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-destructive/10 text-destructive">
          <MailX aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">
          {isExpired
            ? 'This link has expired'
            : isInvalid
              ? 'This link is not valid'
              : 'E-mail preferences'}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {isApiClientError(error)
            ? error.message
            : 'Your preferences could not be loaded. Try again in a moment.'}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/notifications">Sign in to change your preferences</Link>
          </Button>
          {isInvalid ? null : (
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </Card>
    );
  }
  return <SettingsForm token={token} brandName={brandName} settings={settings.data} />;
}

function SettingsForm({
  token,
  brandName,
  settings,
}: {
  token: string;
  brandName: string;
  settings: SubscriptionSettings;
}) {
  const [draft, setDraft] = useState<EmailPreferences>(settings.preferences);
  const save = useSaveSubscriptionSettings(token);
  const unsubscribe = useUnsubscribeFromAll(token);
  const isBusy = save.isPending || unsubscribe.isPending;
  const isChanged = JSON.stringify(draft) !== JSON.stringify(settings.preferences);
  const failure = save.error ?? unsubscribe.error;
  return (
    <Card className="grid gap-6 p-8">
      <div className="text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-accent text-accent-foreground">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">E-mail preferences</h1>
        <p className="mt-2 text-muted-foreground">
          Choose which e-mails {brandName} sends to{' '}
          <span className="font-medium text-foreground">{settings.email}</span>. Everything still
          appears under Notifications when you sign in.
        </p>
      </div>
      {settings.isUnsubscribedFromAll ? (
        <Alert variant="success">
          You are unsubscribed from all notification e-mails. Messages about your account itself
          (verification, password) still arrive.
        </Alert>
      ) : null}
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          unsubscribe.reset();
          save.mutate(draft);
        }}
      >
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold">Send me an e-mail about</legend>
          <CategoryChoices
            value={draft}
            onChange={(next) => {
              save.reset();
              setDraft(next);
            }}
            isDisabled={isBusy}
          />
        </fieldset>
        {failure ? (
          <Alert variant="error">
            Your choices could not be saved.{' '}
            {isApiClientError(failure) ? failure.message : 'Try again in a moment.'}
          </Alert>
        ) : null}
        {save.isSuccess && !isChanged ? (
          <Alert variant="success">Your e-mail preferences are saved.</Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!isChanged || isBusy}>
            {save.isPending ? <Spinner /> : null}
            Save preferences
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={isBusy || settings.isUnsubscribedFromAll}
            onClick={() => {
              save.reset();
              unsubscribe.mutate(undefined, { onSuccess: (saved) => setDraft(saved.preferences) });
            }}
          >
            {unsubscribe.isPending ? <Spinner /> : null}
            Unsubscribe from all
          </Button>
        </div>
      </form>
      <p className="text-center text-xs text-muted-foreground">
        This link works until {formatDay(settings.linkExpiresAt)}. You can also change these choices
        on the Notifications page when you are signed in.
      </p>
    </Card>
  );
}
