import type { PublicBadge } from '@shark/contracts/dmca-badges.ts';
import { Link } from '@tanstack/react-router';
import { SearchX, ShieldCheck, ShieldOff } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';

/** "March 2024" for an ISO date; undefined when the date cannot be read. */
export function monthYear(isoDate: string): string | undefined {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

export function BadgeVerificationView({ badge }: { badge: PublicBadge }) {
  const since = badge.protectedSince === null ? undefined : monthYear(badge.protectedSince);

  if (!badge.isProtected) {
    return (
      <Card className="p-8 text-center">
        <ShieldOff aria-hidden="true" className="mx-auto size-12 text-muted-foreground" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">No active protection</h1>
        <p className="mt-3 text-muted-foreground">
          This badge belongs to a creator whose protection by {badge.brandName} is not active at the
          moment.
        </p>
      </Card>
    );
  }

  return (
    <Card className="p-8 text-center">
      <span className="mx-auto grid size-16 place-items-center rounded-full bg-success/10 text-success">
        <ShieldCheck aria-hidden="true" className="size-9" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Protected by {badge.brandName}</h1>
      {since ? <p className="mt-1 font-medium text-success">since {since}</p> : null}
      <p className="mt-4 text-muted-foreground">
        The content of the creator who showed you this badge is monitored by {badge.brandName}.
        Copies published without their permission are reported to the sites that show them, their
        hosts and search engines, and removed.
      </p>
    </Card>
  );
}

export function BadgeNotFoundView() {
  return (
    <Card className="p-8 text-center">
      <SearchX aria-hidden="true" className="mx-auto size-12 text-muted-foreground" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Badge not found</h1>
      <p className="mt-3 text-muted-foreground">
        No badge has this link. Check that it was copied whole, or ask the creator for their badge
        link.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/">Go to the home page</Link>
      </Button>
    </Card>
  );
}
