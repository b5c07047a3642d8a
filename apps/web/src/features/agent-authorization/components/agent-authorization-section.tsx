// "Copyright agent authorisation" on /account: before any notice goes out, the creator (with a verified
// e-mail) signs the text that makes us her authorised agent; once signed she sees what is on file and
// can sign again or revoke. The section's id is the target of the calls to sign elsewhere in the app.
import { ListLoadError } from '#app/components/paged-list-states.tsx';
import type { AuthorizationState } from '@shark/contracts/agent-authorization.ts';
import { CircleAlert, MailWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useAuthorization } from '#app/features/agent-authorization/api/get-authorization.ts';
import {
  emptySignForm,
  signFormFrom,
} from '#app/features/agent-authorization/lib/authorization-form.ts';
import { AuthorizationText } from './authorization-text.tsx';
import { SignAuthorizationForm } from './sign-authorization-form.tsx';
import { SignedAuthorization } from './signed-authorization.tsx';

export const AGENT_AUTHORIZATION_ANCHOR = 'agent-authorization';

export function AgentAuthorizationSection({ userId, email }: { userId: string; email: string }) {
  const titleId = useId();
  const query = useAuthorization(userId);
  return (
    <section id={AGENT_AUTHORIZATION_ANCHOR} aria-labelledby={titleId} className="scroll-mt-6">
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Copyright agent authorisation</CardTitle>
          <CardDescription>
            Takedown notices go out in your name only once you have appointed us as your authorised
            agent. Notices name you as the copyright owner and us as your agent; your postal address
            stays with us.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {query.data ? (
            <AuthorizationBody userId={userId} email={email} state={query.data} />
          ) : query.isError ? (
            <ListLoadError
              what="Your authorisation"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          ) : (
            <div role="status" aria-label="Loading your authorisation" className="grid gap-3">
              <Skeleton className="h-40 rounded-lg" />
              <Skeleton className="h-10 w-48" />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function AuthorizationBody({
  userId,
  email,
  state,
}: {
  userId: string;
  email: string;
  state: AuthorizationState;
}) {
  const [isSigningAgain, setIsSigningAgain] = useState(false);
  const { authorization } = state;

  if (authorization && !isSigningAgain) {
    return (
      <SignedAuthorization
        userId={userId}
        authorization={authorization}
        text={state.text}
        onSignAgain={() => setIsSigningAgain(true)}
      />
    );
  }

  return (
    <div className="grid gap-5">
      {state.waitingTakedowns > 0 && !authorization ? (
        <Alert>
          <CircleAlert aria-hidden="true" />
          <p>
            {state.waitingTakedowns === 1
              ? '1 takedown is waiting for your signature before its notice goes out.'
              : `${state.waitingTakedowns.toLocaleString('en-US')} takedowns are waiting for your signature before their notices go out.`}
          </p>
        </Alert>
      ) : null}
      {authorization ? (
        <p className="text-sm text-muted-foreground">
          Signing again replaces the authorisation you signed before; notices not sent yet are
          composed again with your new details.
        </p>
      ) : null}
      <AuthorizationText text={state.text} />
      {state.canSign ? (
        <SignAuthorizationForm
          userId={userId}
          initialValues={
            authorization
              ? signFormFrom(authorization)
              : emptySignForm(typeof navigator === 'undefined' ? [] : navigator.languages)
          }
          onSigned={() => setIsSigningAgain(false)}
          onCancel={authorization ? () => setIsSigningAgain(false) : undefined}
        />
      ) : (
        <Alert variant="error">
          <MailWarning aria-hidden="true" />
          <p>
            Verify your e-mail address before you sign: we send notices in your name only for an
            address we know is yours. Open the link we sent to <strong>{email}</strong>.
          </p>
        </Alert>
      )}
    </div>
  );
}
