// "Check a URL": whether an address is whitelisted, by which entry, and why. Asked again whenever the
// whitelist changes, so the answer is never stale.
import { checkWhitelistSchema } from '@shark/contracts/whitelist.ts';
import { CircleAlert, Search, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useCheckWhitelist } from '#app/features/whitelist/api/check-whitelist.ts';
import { KIND_LABELS } from '#app/features/whitelist/lib/labels.ts';
import { fieldErrorsFromZod, formErrorsFromApi } from '#app/lib/form-errors.ts';

export function CheckUrlCard({ userId }: { userId: string }) {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<string>();
  const [inputError, setInputError] = useState<string>();
  const check = useCheckWhitelist(userId, checked);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = checkWhitelistSchema.safeParse({ url: text });
    if (!parsed.success) {
      setInputError(fieldErrorsFromZod(parsed.error).url);
      setChecked(undefined);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setInputError(undefined);
    setChecked(parsed.data.url);
    if (parsed.data.url === checked) void check.refetch();
  }

  const apiErrors = check.isError ? formErrorsFromApi(check.error, ['url']) : undefined;
  const error = inputError ?? apiErrors?.fields.url;

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold tracking-tight">Check a URL</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        See whether an address is covered by your whitelist, and by which entry.
      </p>
      <form noValidate onSubmit={handleSubmit} aria-label="Check a URL" className="mt-4 grid gap-3">
        <TextField
          label="URL to check"
          error={error}
          name="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/page"
          value={text}
          onValueChange={setText}
        />
        <Button type="submit" variant="outline" className="w-fit" disabled={check.isFetching}>
          {check.isFetching ? <Spinner /> : <Search aria-hidden="true" />}
          Check
        </Button>
      </form>
      <div aria-live="polite" className="mt-4 empty:hidden">
        {apiErrors?.message && !error ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{apiErrors.message}</p>
          </Alert>
        ) : null}
        {check.data && !check.isError && !inputError ? (
          check.data.isWhitelisted ? (
            <div
              className="rounded-lg border border-success/30 bg-success/5 p-4 text-sm"
              data-testid="check-result"
            >
              <p className="flex items-center gap-2 font-semibold text-success">
                <ShieldCheck aria-hidden="true" className="size-4" />
                Whitelisted
              </p>
              <p className="mt-1 break-all text-muted-foreground">{check.data.url}</p>
              <p className="mt-2">{check.data.reason}</p>
              {check.data.entry ? (
                <p className="mt-2 flex flex-wrap items-center gap-2 text-muted-foreground">
                  Entry:
                  <Badge variant="outline">{KIND_LABELS[check.data.entry.kind]}</Badge>
                  <span className="font-mono text-xs break-all text-foreground">
                    {check.data.entry.display}
                  </span>
                </p>
              ) : null}
            </div>
          ) : (
            <div className="rounded-lg border bg-muted p-4 text-sm" data-testid="check-result">
              <p className="flex items-center gap-2 font-semibold">
                <ShieldOff aria-hidden="true" className="size-4" />
                Not whitelisted
              </p>
              <p className="mt-1 break-all text-muted-foreground">{check.data.url}</p>
              <p className="mt-2">
                {check.data.reason} Content found there can be reported and taken down.
              </p>
            </div>
          )
        ) : null}
      </div>
    </Card>
  );
}
