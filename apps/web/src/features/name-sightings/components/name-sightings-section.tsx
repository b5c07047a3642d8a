// "Your name seen on …": pages a scan found that share the creator's name with no sign of a leak (a
// company, a namesake, an article), grouped by site. Low priority, so collapsed until she opens it;
// each site can be whitelisted in one click or dismissed.
import type { NameSightingGroup } from '@shark/contracts/name-sightings.ts';
import { ChevronDown, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import {
  Collapsible,
  CollapsibleContent,
  CollapsibleTrigger,
} from '#app/components/ui/collapsible.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import { useDismissSightedSite } from '../api/dismiss-sighted-site.ts';
import { useNameSightings } from '../api/get-name-sightings.ts';
import { useWhitelistSightedSite } from '../api/whitelist-sighted-site.ts';
import { pageLabel, pagesLabel, sectionTitle } from '../lib/labels.ts';

const failed = (title: string) => (error: unknown) =>
  toast.error(title, {
    description: isApiClientError(error) ? error.message : 'Try again in a moment.',
  });

function SiteGroup({
  group,
  isBusy,
  onWhitelist,
  onDismiss,
}: {
  group: NameSightingGroup;
  isBusy: boolean;
  onWhitelist: () => void;
  onDismiss: () => void;
}) {
  const headingId = `sighting-${group.site}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-medium">
            {group.siteName}
          </h3>
          <p className="text-sm text-muted-foreground">{pagesLabel(group)}</p>
        </div>
        <div className="flex gap-2">
          <Button size="sm" disabled={isBusy} onClick={onWhitelist}>
            Whitelist this site
          </Button>
          <Button size="sm" variant="outline" disabled={isBusy} onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </div>
      <ul className="mt-3 grid gap-1 text-sm">
        {group.pages.map((page) => (
          <li key={page.url} className="min-w-0">
            <a
              href={page.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex max-w-full items-center gap-1 text-primary underline-offset-4 hover:underline"
            >
              <span className="truncate">{page.title?.trim() || pageLabel(page.url)}</span>
              <ExternalLink aria-hidden className="size-3 shrink-0" />
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function NameSightingsSection({
  userId,
  onSiteWhitelisted,
}: {
  userId: string;
  /** After a site is whitelisted: what the new entry changes elsewhere (the whitelist, findings). */
  onSiteWhitelisted?: () => void;
}) {
  const sightings = useNameSightings(userId);
  const whitelist = useWhitelistSightedSite(userId, onSiteWhitelisted);
  const dismiss = useDismissSightedSite(userId);
  const [busySite, setBusySite] = useState<string | null>(null);
  const groups = sightings.data?.sites ?? [];
  // Nothing to say (or nothing yet): the section is low priority and stays out of the way.
  if (groups.length === 0) return null;

  const settle = () => setBusySite(null);
  const handleWhitelist = (group: NameSightingGroup) => {
    setBusySite(group.site);
    whitelist.mutate(group.site, {
      onSuccess: (result) =>
        toast.success(`${group.siteName} is on your whitelist`, {
          description: result.wasWhitelisted
            ? 'It was already there; its pages are cleared from this list.'
            : `Added as ${result.whitelistedAs}. Nothing on it will ever be taken down.`,
        }),
      onError: failed('The site could not be whitelisted'),
      onSettled: settle,
    });
  };
  const handleDismiss = (group: NameSightingGroup) => {
    setBusySite(group.site);
    dismiss.mutate(group.site, {
      onSuccess: () => toast.success(`${group.siteName} dismissed`),
      onError: failed('The site could not be dismissed'),
      onSettled: settle,
    });
  };

  return (
    <Card className="p-0">
      <Collapsible>
        <CollapsibleTrigger asChild>
          <button
            type="button"
            className="group flex w-full items-center justify-between gap-3 rounded-2xl p-6 text-left outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
          >
            <span className="min-w-0">
              <span className="block truncate text-base font-semibold">{sectionTitle(groups)}</span>
              <span className="block text-sm text-muted-foreground">
                Pages that share your name with no sign of a leak, such as a company or a namesake.
                Not findings: nothing is sent about them.
              </span>
            </span>
            <ChevronDown
              aria-hidden
              className="size-5 shrink-0 transition-transform group-data-[state=open]:rotate-180"
            />
          </button>
        </CollapsibleTrigger>
        <CollapsibleContent>
          <ul aria-label="Sites your name was seen on" className="grid gap-3 px-6 pb-6">
            {groups.map((group) => (
              <SiteGroup
                key={group.site}
                group={group}
                isBusy={busySite === group.site}
                onWhitelist={() => handleWhitelist(group)}
                onDismiss={() => handleDismiss(group)}
              />
            ))}
          </ul>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}
