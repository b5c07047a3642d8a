// Dark web scanning on the dashboard: her copies found on Tor onion sites and what happens to them,
// said plainly — a notice goes only where the site itself (or Shark's catalog) gives a contact; where
// none does, the finding stays on record and her copies on the open web are taken down as usual.
// Shown to creators whose scans search the dark web, or for whom an onion copy was ever found.
import type { DashboardSummary } from '@shark/contracts/takedown-report.ts';
import { Link } from '@tanstack/react-router';
import { Globe } from 'lucide-react';
import { OverviewCard, OverviewFact } from '#app/features/dashboard/components/overview-card.tsx';

type DarkWeb = NonNullable<DashboardSummary['darkWeb']>;

export function DarkWebOverview({ darkWeb }: { darkWeb: DarkWeb }) {
  return (
    <OverviewCard
      id="dark-web"
      icon={Globe}
      title="Dark web"
      intro={
        <>
          <p className="text-sm text-muted-foreground">
            {darkWeb.isScanning
              ? 'Your scans also search onion sites on Tor: leak forums, boards and file drops.'
              : 'Your scans do not search onion sites at the moment; what was found there stays here.'}{' '}
            Onion sites have no host or registrar to write to: a notice goes only where the site, or
            our catalog, gives a contact. Where none does, the finding stays on record, and copies
            of the same files on the open web — including the site’s own clearnet mirrors — are
            taken down as usual.
          </p>
          {darkWeb.isScanning ? null : (
            <p className="text-sm text-muted-foreground">
              Dark web scanning comes with Premium.{' '}
              <Link to="/plans" className="text-primary underline-offset-4 hover:underline">
                See plans
              </Link>
            </p>
          )}
        </>
      }
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <OverviewFact label="Found on onion sites" value={darkWeb.found} testId="dark-web-found" />
        <OverviewFact label="Notices sent" value={darkWeb.noticesSent} testId="dark-web-notices" />
        <OverviewFact label="Removed" value={darkWeb.removed} testId="dark-web-removed" />
        <OverviewFact
          label="No contact given"
          value={darkWeb.noContact}
          testId="dark-web-no-contact"
        />
      </dl>
    </OverviewCard>
  );
}
