// Her e-mail choices per category on /notifications: every notification shows here; these say which
// also come by e-mail.
import type { EmailPreferences } from '@shark/contracts/notifications.ts';
import { useState } from 'react';
import { ListLoadError, ListLoading } from '#app/components/paged-list-states.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import {
  useEmailPreferences,
  useSaveEmailPreferences,
} from '#app/features/notifications/api/email-preferences.ts';
import { CategoryChoices } from '#app/features/notifications/components/category-choices.tsx';
import { isApiClientError } from '#app/lib/api.ts';

export function EmailPreferencesSection({ userId }: { userId: string }) {
  const preferences = useEmailPreferences(userId);
  return (
    <section
      id="email-preferences"
      aria-labelledby="email-preferences-heading"
      className="grid gap-3 rounded-2xl border bg-card p-5"
    >
      <div>
        <h2 id="email-preferences-heading" className="text-lg font-semibold tracking-tight">
          E-mail notifications
        </h2>
        <p className="text-sm text-muted-foreground">
          Every notification appears on this page. Choose which ones we also send to your e-mail
          address. Messages about your account itself (verification, password) always arrive.
        </p>
      </div>
      {preferences.isPending ? (
        <ListLoading label="Loading your e-mail preferences" itemClassName="h-10" />
      ) : preferences.isError ? (
        <ListLoadError
          what="Your e-mail preferences"
          error={preferences.error}
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <PreferencesForm userId={userId} saved={preferences.data} />
      )}
    </section>
  );
}

function PreferencesForm({ userId, saved }: { userId: string; saved: EmailPreferences }) {
  const [draft, setDraft] = useState(saved);
  const save = useSaveEmailPreferences(userId);
  const isChanged = JSON.stringify(draft) !== JSON.stringify(saved);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <fieldset className="grid gap-3">
        <legend className="sr-only">Send by e-mail</legend>
        <CategoryChoices
          value={draft}
          onChange={(next) => {
            save.reset();
            setDraft(next);
          }}
          isDisabled={save.isPending}
        />
      </fieldset>
      {save.isError ? (
        <Alert variant="error">
          Your choices could not be saved.{' '}
          {isApiClientError(save.error) ? save.error.message : 'Try again in a moment.'}
        </Alert>
      ) : null}
      {save.isSuccess && !isChanged ? (
        <Alert variant="success">Your e-mail preferences are saved.</Alert>
      ) : null}
      <Button type="submit" className="w-fit" disabled={!isChanged || save.isPending}>
        {save.isPending ? <Spinner /> : null}
        Save e-mail preferences
      </Button>
    </form>
  );
}
