// Accounts (/brands): the creator's accounts grouped by platform, verified or not, with the form to
// add one, and per account its ownership proof, edit and delete.
import {
  ACCOUNT_PLATFORMS,
  type AccountPlatform,
  type ProtectedAccount,
} from '@shark/contracts/accounts.ts';
import { AtSign, ExternalLink, Pencil, RotateCcw, ShieldQuestion, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useAccounts } from '#app/features/accounts/api/get-accounts.ts';
import { AccountLabel } from '#app/features/accounts/components/account-label.tsx';
import { AddAccountForm } from '#app/features/accounts/components/add-account-form.tsx';
import { DeleteAccountDialog } from '#app/features/accounts/components/delete-account-dialog.tsx';
import { EditAccountDialog } from '#app/features/accounts/components/edit-account-dialog.tsx';
import { VerificationPanel } from '#app/features/accounts/components/verification-panel.tsx';
import { accountHandle, platformLabel } from '#app/features/accounts/lib/platforms.ts';
import { UsageMeter } from '#app/features/usage/components/usage-meter.tsx';
import { isApiClientError } from '#app/lib/api.ts';

export function AccountsPage({ userId }: { userId: string }) {
  // The panels the creator opened, and the one of an account just added.
  const [openPanels, setOpenPanels] = useState<ReadonlySet<string>>(new Set());

  function togglePanel(id: string, isOpen: boolean) {
    setOpenPanels((current) => {
      const next = new Set(current);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <PageFrame
      title="Accounts"
      description="Your accounts on each platform, old ones included: we search for leaks under these names. Prove each one is yours with a short code in its bio."
    >
      <div className="grid gap-8">
        <UsageMeter limit="usernames" className="max-w-md" />
        <AddAccountForm userId={userId} onAdded={(account) => togglePanel(account.id, true)} />
        <AccountList userId={userId} openPanels={openPanels} onTogglePanel={togglePanel} />
      </div>
    </PageFrame>
  );
}

function AccountList({
  userId,
  openPanels,
  onTogglePanel,
}: {
  userId: string;
  openPanels: ReadonlySet<string>;
  onTogglePanel: (id: string, isOpen: boolean) => void;
}) {
  const accounts = useAccounts(userId);

  if (accounts.isPending) {
    return (
      <section aria-labelledby="accounts-heading" aria-busy="true" className="grid gap-3">
        <h2 id="accounts-heading" className="text-xl font-semibold tracking-tight">
          Your accounts
        </h2>
        <p role="status" className="sr-only">
          Loading your accounts…
        </p>
        <Skeleton className="h-20 rounded-2xl" />
        <Skeleton className="h-20 rounded-2xl" />
      </section>
    );
  }

  if (accounts.isError) {
    return (
      <section aria-labelledby="accounts-heading" className="grid gap-3">
        <h2 id="accounts-heading" className="text-xl font-semibold tracking-tight">
          Your accounts
        </h2>
        <Alert variant="error">
          <p>
            Your accounts could not be loaded.{' '}
            {isApiClientError(accounts.error) ? accounts.error.message : 'Try again in a moment.'}
          </p>
        </Alert>
        <div>
          <Button variant="outline" onClick={() => void accounts.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </section>
    );
  }

  const { accounts: list, checkIntervalSeconds } = accounts.data;
  if (list.length === 0) {
    return (
      <EmptyState icon={AtSign} title="No accounts yet">
        Add the accounts you publish under, on every platform, including old ones. We search for
        leaks under these names, and you prove each one is yours with a code in its bio.
      </EmptyState>
    );
  }

  const unverified = list.filter((account) => !account.isVerified).length;
  const groups = ACCOUNT_PLATFORMS.map((platform) => ({
    platform,
    accounts: list.filter((account) => account.platform === platform),
  })).filter((group) => group.accounts.length > 0);

  return (
    <section aria-labelledby="accounts-heading" className="grid gap-6">
      <div>
        <h2 id="accounts-heading" className="text-xl font-semibold tracking-tight">
          Your accounts
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {list.length} {list.length === 1 ? 'account' : 'accounts'}
          {unverified > 0 ? `, ${unverified} not verified yet` : ', all verified'}.
        </p>
      </div>
      {groups.map((group) => (
        <PlatformGroup
          key={group.platform}
          platform={group.platform}
          accounts={group.accounts}
          userId={userId}
          checkIntervalSeconds={checkIntervalSeconds}
          openPanels={openPanels}
          onTogglePanel={onTogglePanel}
        />
      ))}
    </section>
  );
}

function PlatformGroup({
  platform,
  accounts,
  userId,
  checkIntervalSeconds,
  openPanels,
  onTogglePanel,
}: {
  platform: AccountPlatform;
  accounts: ProtectedAccount[];
  userId: string;
  checkIntervalSeconds: number;
  openPanels: ReadonlySet<string>;
  onTogglePanel: (id: string, isOpen: boolean) => void;
}) {
  const headingId = `platform-${platform}`;
  return (
    <section aria-labelledby={headingId} data-platform={platform} className="grid gap-3">
      <h3 id={headingId} className="text-base font-semibold">
        {platformLabel(platform)}{' '}
        <span className="font-normal text-muted-foreground">({accounts.length})</span>
      </h3>
      <ul className="grid gap-3" aria-label={`${platformLabel(platform)} accounts`}>
        {accounts.map((account) => (
          <AccountItem
            key={account.id}
            account={account}
            userId={userId}
            checkIntervalSeconds={checkIntervalSeconds}
            isPanelOpen={openPanels.has(account.id)}
            onTogglePanel={(isOpen) => onTogglePanel(account.id, isOpen)}
          />
        ))}
      </ul>
    </section>
  );
}

function AccountItem({
  account,
  userId,
  checkIntervalSeconds,
  isPanelOpen,
  onTogglePanel,
}: {
  account: ProtectedAccount;
  userId: string;
  checkIntervalSeconds: number;
  isPanelOpen: boolean;
  onTogglePanel: (isOpen: boolean) => void;
}) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const handle = accountHandle(account.platform, account.username);
  const panelId = `panel-${account.id}`;
  const isOpen = isPanelOpen;

  return (
    <li aria-label={`${handle} on ${platformLabel(account.platform)}`}>
      <Card className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1">
            <AccountLabel account={account} showPlatform={false} />
            <a
              href={account.profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-w-0 items-center gap-1 text-sm break-all text-muted-foreground underline-offset-4 hover:underline"
            >
              {account.profileUrl}
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">(new tab)</span>
            </a>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant={account.isVerified ? 'ghost' : 'secondary'}
              aria-expanded={isOpen}
              aria-controls={panelId}
              onClick={() => onTogglePanel(!isOpen)}
            >
              <ShieldQuestion aria-hidden="true" />
              {account.isVerified ? 'Ownership' : 'Verify'}
              <span className="sr-only"> {handle}</span>
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setDialog('edit')}>
              <Pencil aria-hidden="true" />
              Edit<span className="sr-only"> {handle}</span>
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setDialog('delete')}>
              <Trash2 aria-hidden="true" />
              Delete<span className="sr-only"> {handle}</span>
            </Button>
          </div>
        </div>
        <div id={panelId} hidden={!isOpen} className="border-t pt-4">
          {isOpen ? (
            <VerificationPanel
              account={account}
              userId={userId}
              checkIntervalSeconds={checkIntervalSeconds}
            />
          ) : null}
        </div>
      </Card>
      <EditAccountDialog
        account={account}
        userId={userId}
        open={dialog === 'edit'}
        onOpenChange={(open) => setDialog(open ? 'edit' : null)}
      />
      <DeleteAccountDialog
        account={account}
        userId={userId}
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
      />
    </li>
  );
}
