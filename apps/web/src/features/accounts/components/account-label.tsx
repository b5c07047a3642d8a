// An account as every screen shows it: platform, handle and whether its ownership is proven.
// Unverified accounts are always marked as such.
import type { AccountPlatform } from '@shark/contracts/accounts.ts';
import { BadgeCheck, CircleHelp } from 'lucide-react';
import { Badge } from '#app/components/ui/badge.tsx';
import { accountHandle, platformLabel } from '#app/features/accounts/lib/platforms.ts';
import { cn } from '#app/lib/utils.ts';

export function VerifiedBadge({
  isVerified,
  className,
}: {
  isVerified: boolean;
  className?: string;
}) {
  return isVerified ? (
    <Badge variant="secondary" className={cn('text-success', className)} data-verified="true">
      <BadgeCheck aria-hidden="true" />
      Verified
    </Badge>
  ) : (
    <Badge variant="warning" className={className} data-verified="false">
      <CircleHelp aria-hidden="true" />
      Unverified
    </Badge>
  );
}

export type LabelledAccount = {
  platform: AccountPlatform;
  username: string;
  isVerified: boolean;
  isOld?: boolean;
};

/** "@jane · OnlyFans  [Verified]", with "Old account" when it is one. */
export function AccountLabel({
  account,
  showPlatform = true,
  className,
}: {
  account: LabelledAccount;
  showPlatform?: boolean;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <span className="min-w-0 font-medium break-all">
        {accountHandle(account.platform, account.username)}
      </span>
      {showPlatform ? (
        <span className="text-sm text-muted-foreground">{platformLabel(account.platform)}</span>
      ) : null}
      <VerifiedBadge isVerified={account.isVerified} />
      {account.isOld ? <Badge variant="outline">Old account</Badge> : null}
    </span>
  );
}
