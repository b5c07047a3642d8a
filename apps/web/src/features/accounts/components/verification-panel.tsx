// Proving an account is the creator's: the code, where to put it, and "Check now" with its result.
import type { OwnershipCheck, ProtectedAccount } from '@shark/contracts/accounts.ts';
import { BadgeCheck, ExternalLink, SearchCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { CopyButton } from '#app/components/ui/copy-button.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useVerifyAccount } from '#app/features/accounts/api/verify-account.ts';
import { PLATFORMS } from '#app/features/accounts/lib/platforms.ts';
import { isApiClientError } from '#app/lib/api.ts';

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Seconds until the account may be checked again (0: now), ticking while it waits. */
function useSecondsUntilNextCheck(lastCheckedAt: string | null, intervalSeconds: number): number {
  const [now, setNow] = useState(() => Date.now());
  const seconds =
    lastCheckedAt === null
      ? 0
      : Math.min(
          intervalSeconds,
          Math.max(0, Math.ceil((Date.parse(lastCheckedAt) + intervalSeconds * 1000 - now) / 1000)),
        );
  useEffect(() => {
    if (seconds === 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [seconds, now]);
  return seconds;
}

export function VerificationPanel({
  account,
  userId,
  checkIntervalSeconds,
}: {
  account: ProtectedAccount;
  userId: string;
  checkIntervalSeconds: number;
}) {
  const verify = useVerifyAccount(userId);
  const [result, setResult] = useState<OwnershipCheck>();
  const [failure, setFailure] = useState<string>();
  const wait = useSecondsUntilNextCheck(account.lastCheckedAt, checkIntervalSeconds);
  const headingId = `verify-${account.id}`;

  function checkNow() {
    setFailure(undefined);
    setResult(undefined);
    verify.mutate(account.id, {
      onSuccess: setResult,
      onError: (error) =>
        setFailure(
          isApiClientError(error) ? error.message : 'The check could not be started. Try again.',
        ),
    });
  }

  if (account.isVerified) {
    return (
      <section aria-labelledby={headingId} className="grid gap-3">
        <h3 id={headingId} className="sr-only">
          Ownership
        </h3>
        <Alert variant="success">
          <BadgeCheck aria-hidden="true" />
          <p>
            {result?.outcome === 'verified'
              ? result.message
              : `Verified${account.verifiedAt ? ` on ${formatWhen(account.verifiedAt)}` : ''}: this account is proven to be yours. You can remove the code from your profile.`}
          </p>
        </Alert>
      </section>
    );
  }

  const lastError = result ? null : account.lastCheckError;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} className="font-semibold">
        Prove this account is yours
      </h3>
      <ol className="grid list-decimal gap-3 pl-5 text-sm">
        <li>
          <span>Copy your code:</span>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              className="rounded-lg border bg-muted px-3 py-1.5 font-mono text-base font-semibold tracking-wider"
              data-testid="verification-code"
            >
              {account.verificationCode}
            </code>
            <CopyButton text={account.verificationCode} aria-label="Copy the verification code">
              Copy
            </CopyButton>
          </div>
        </li>
        <li>
          {PLATFORMS[account.platform].codePlace}{' '}
          <a
            href={account.profileUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            Open the profile
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(new tab)</span>
          </a>
        </li>
        <li>
          Save it, then check. We look for the code on{' '}
          <span className="break-all text-muted-foreground">{account.profileUrl}</span>.
        </li>
      </ol>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={checkNow} disabled={verify.isPending || wait > 0}>
          {verify.isPending ? <Spinner /> : <SearchCheck aria-hidden="true" />}
          {verify.isPending ? 'Checking…' : 'Check now'}
        </Button>
        {wait > 0 && !verify.isPending ? (
          <p className="text-sm text-muted-foreground">You can check again in {wait} s.</p>
        ) : null}
      </div>

      {result && result.outcome !== 'verified' ? (
        <Alert variant="error">{result.message}</Alert>
      ) : null}
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {lastError && !failure ? (
        <Alert variant="info">
          <p>
            Last check{account.lastCheckedAt ? ` (${formatWhen(account.lastCheckedAt)})` : ''}:{' '}
            {lastError}
          </p>
        </Alert>
      ) : null}
    </section>
  );
}
