// The call to sign, on the pages where takedowns show (dashboard, takedown report, Free Removals): no
// notice goes out for her until the agent authorisation is signed. Read from GET /api/authorization alone.
import type { User } from '@shark/contracts/user.ts';
import { Link } from '@tanstack/react-router';
import { FileSignature } from 'lucide-react';
import { useId } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { useAuthorization } from '#app/features/agent-authorization/api/get-authorization.ts';
import { signCallout } from '#app/features/agent-authorization/lib/authorization-form.ts';
import { cn } from '#app/lib/utils.ts';
import { AGENT_AUTHORIZATION_ANCHOR } from './agent-authorization-section.tsx';

export function AgentAuthorizationCallout({
  user,
  hasTakedowns = false,
  className,
}: {
  user: Pick<User, 'id' | 'frontendStatus' | 'isAffiliateOnly'>;
  /** Her takedowns go out like a subscriber's without a subscription (Free Removals): ask before any waits. */
  hasTakedowns?: boolean;
  className?: string;
}) {
  const titleId = useId();
  const { data } = useAuthorization(user.id);
  const callout = signCallout(data, {
    isSubscribed: user.frontendStatus === 'subscribed' || hasTakedowns,
    isAffiliateOnly: user.isAffiliateOnly,
  });
  if (!callout) return null;
  return (
    <aside
      aria-labelledby={titleId}
      data-testid="agent-authorization-callout"
      className={cn(
        'flex flex-col gap-4 rounded-2xl border border-warning/40 bg-warning/10 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5',
        className,
      )}
    >
      <div className="flex gap-3">
        <FileSignature aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-1 text-sm">
          <h2 id={titleId} className="font-semibold">
            Takedown notices need your signature
          </h2>
          <p>
            Sign your agent authorisation so we can send takedown notices for you.
            {callout.waiting > 0
              ? callout.waiting === 1
                ? ' 1 takedown is waiting for it.'
                : ` ${callout.waiting.toLocaleString('en-US')} takedowns are waiting for it.`
              : ''}
          </p>
        </div>
      </div>
      <Button asChild className="shrink-0">
        <Link to="/account" hash={AGENT_AUTHORIZATION_ANCHOR}>
          Sign the authorisation
        </Link>
      </Button>
    </aside>
  );
}
