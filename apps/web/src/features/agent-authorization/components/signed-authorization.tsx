// The authorisation on file: who signed, when, from where, the version of the text, and the address we
// keep (never shown in a notice); with ways to sign again (new details) and to revoke.
import type { Authorization, AuthorizationState } from '@shark/contracts/agent-authorization.ts';
import { CircleCheck, PenLine, ShieldOff } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  addressLines,
  countryOptions,
} from '#app/features/agent-authorization/lib/authorization-form.ts';
import { RevokeAuthorizationDialog } from './revoke-authorization-dialog.tsx';

function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

export function SignedAuthorization({
  userId,
  authorization,
  text,
  onSignAgain,
}: {
  userId: string;
  authorization: Authorization;
  text: AuthorizationState['text'];
  onSignAgain: () => void;
}) {
  const [isRevoking, setIsRevoking] = useState(false);
  const countryNames = useMemo(
    () => new Map(countryOptions().map((option) => [option.code, option.name])),
    [],
  );
  const isOutdated = authorization.textVersion !== text.version;

  return (
    <div className="grid gap-5" data-testid="signed-authorization">
      <Alert variant="success">
        <CircleCheck aria-hidden="true" />
        <p>
          Active: we send takedown notices as your authorised agent, naming you as the copyright
          owner.
        </p>
      </Alert>
      {isOutdated ? (
        <Alert>
          <PenLine aria-hidden="true" />
          <p>
            The wording has changed since you signed (now version {text.version}). Your
            authorisation stays valid; sign again to agree to the new wording.
          </p>
        </Alert>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail term="Signed by">{authorization.legalName}</Detail>
        <Detail term="Signature">
          <span className="font-serif text-base italic">{authorization.signature}</span>
        </Detail>
        <Detail term="Signed on">
          <time dateTime={authorization.signedAt}>{formatDateTime(authorization.signedAt)}</time>
        </Detail>
        <Detail term="Text version">{authorization.textVersion}</Detail>
        <Detail term="E-mail">{authorization.email}</Detail>
        <Detail term="Signed from (IP address)">{authorization.ipAddress}</Detail>
        <Detail term="Postal address (kept on file, never in a notice)">
          {addressLines(authorization, (code) => countryNames.get(code) ?? code).map(
            (line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            ),
          )}
        </Detail>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onSignAgain}>
          <PenLine aria-hidden="true" />
          Sign again with new details
        </Button>
        <Button type="button" variant="destructive" onClick={() => setIsRevoking(true)}>
          <ShieldOff aria-hidden="true" />
          Revoke
        </Button>
      </div>
      <RevokeAuthorizationDialog userId={userId} open={isRevoking} onOpenChange={setIsRevoking} />
    </div>
  );
}
