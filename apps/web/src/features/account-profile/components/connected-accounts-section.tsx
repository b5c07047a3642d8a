// "Connected accounts" on /account: sign-in with Google, connected or not. Disconnecting is offered only
// while another way to sign in remains; the server refuses it too.
import { ListLoadError } from '#app/components/paged-list-states.tsx';
import type { LinkedAccount } from '@shark/contracts/auth.ts';
import { useLocation } from '@tanstack/react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import {
  GOOGLE_LINK_PARAM,
  useConnectGoogle,
} from '#app/features/account-profile/api/connect-google.ts';
import { useDisconnectAccount } from '#app/features/account-profile/api/disconnect-account.ts';
import { useLinkedAccounts } from '#app/features/account-profile/api/linked-accounts.ts';
import { isApiClientError } from '#app/lib/api.ts';

/** The `error` codes the auth library puts on the way back from Google. */
function describeLinkError(code: unknown): string {
  if (code === 'email_does_not_match') {
    return 'That Google account uses a different e-mail address. Connect the Google account of your e-mail address, or change your address first.';
  }
  if (code === 'account_already_linked_to_different_user') {
    return 'That Google account is already connected to another account.';
  }
  return 'Google could not be connected. Try again.';
}

export function ConnectedAccountsSection({ userId }: { userId: string }) {
  const titleId = useId();
  const accounts = useLinkedAccounts(userId);
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const outcome = search[GOOGLE_LINK_PARAM];

  return (
    <section id="connected-accounts" aria-labelledby={titleId} className="scroll-mt-6">
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Connected accounts</CardTitle>
          <CardDescription>Ways to sign in besides your e-mail and password.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {outcome === 'connected' ? (
            <Alert variant="success">
              <CircleCheck aria-hidden="true" />
              <p>Google is connected. You can now sign in with Google.</p>
            </Alert>
          ) : outcome === 'failed' ? (
            <Alert variant="error">
              <CircleAlert aria-hidden="true" />
              <p>{describeLinkError(search.error)}</p>
            </Alert>
          ) : null}
          {accounts.data ? (
            <GoogleRow userId={userId} accounts={accounts.data} />
          ) : accounts.isError ? (
            <ListLoadError
              what="Your connected accounts"
              error={accounts.error}
              onRetry={() => void accounts.refetch()}
            />
          ) : (
            <div role="status" aria-label="Loading your connected accounts">
              <Skeleton className="h-12" />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function GoogleRow({ userId, accounts }: { userId: string; accounts: LinkedAccount[] }) {
  const connect = useConnectGoogle();
  const disconnect = useDisconnectAccount(userId);
  const [isConfirming, setIsConfirming] = useState(false);
  const google = accounts.find((account) => account.providerId === 'google');
  const isOnlyWayIn = google !== undefined && accounts.length === 1;

  return (
    <div className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <span className="font-medium">Google</span>
          {google ? (
            <Badge variant="secondary">Connected</Badge>
          ) : (
            <Badge variant="outline">Not connected</Badge>
          )}
        </div>
        {google ? (
          <Button
            type="button"
            variant="outline"
            disabled={isOnlyWayIn}
            onClick={() => {
              disconnect.reset();
              setIsConfirming(true);
            }}
          >
            Disconnect Google
          </Button>
        ) : (
          <Button
            type="button"
            variant="outline"
            disabled={connect.isPending}
            onClick={() => connect.mutate()}
          >
            {connect.isPending ? <Spinner /> : null}
            Connect Google
          </Button>
        )}
      </div>
      {isOnlyWayIn ? (
        <p className="text-sm text-muted-foreground">
          Google is your only way to sign in, so it cannot be disconnected. Set a password first
          (see Password above), then you can disconnect it.
        </p>
      ) : null}
      {connect.isError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>
            {isApiClientError(connect.error)
              ? connect.error.message
              : 'Google could not be reached. Try again.'}
          </p>
        </Alert>
      ) : null}
      {google ? (
        <ConfirmDialog
          open={isConfirming}
          onOpenChange={setIsConfirming}
          title="Disconnect Google?"
          description="You will no longer be able to sign in with Google. You can sign in with your e-mail and password, and connect Google again at any time."
          confirmLabel="Disconnect"
          pending={disconnect.isPending}
          error={isApiClientError(disconnect.error) ? disconnect.error.message : undefined}
          onConfirm={() =>
            disconnect.mutate(google.id, {
              onSuccess: () => {
                setIsConfirming(false);
                toast.success('Google was disconnected');
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
