// The scans before the latest: when, why, how it ended and what it found, with details on demand.
import type { Scan } from '@shark/contracts/scans.ts';
import { ChevronDown } from 'lucide-react';
import {
  Collapsible,
  CollapsibleContent,
  CollapsibleTrigger,
} from '#app/components/ui/collapsible.tsx';
import { ScanDetails } from '#app/features/scans/components/scan-details.tsx';
import { ScanStatusBadge } from '#app/features/scans/components/scan-status-badge.tsx';
import { TRIGGER_LABELS, count, formatDateTime } from '#app/features/scans/lib/labels.ts';
import { totalFindings } from '#app/features/scans/lib/progress.ts';

export function EarlierScans({ scans }: { scans: Scan[] }) {
  if (scans.length === 0) return null;
  return (
    <section aria-labelledby="earlier-scans-heading" className="grid gap-2">
      <h3 id="earlier-scans-heading" className="text-sm font-semibold">
        Earlier scans
      </h3>
      <ul aria-label="Earlier scans" className="divide-y rounded-xl border">
        {scans.map((scan) => (
          <li key={scan.id}>
            <Collapsible>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
                <ScanStatusBadge status={scan.status} />
                <time dateTime={scan.createdAt}>{formatDateTime(scan.createdAt)}</time>
                <span className="text-muted-foreground">{TRIGGER_LABELS[scan.trigger]}</span>
                <span className="text-muted-foreground">
                  {count(totalFindings(scan.findings), 'finding', 'findings')}
                </span>
                <CollapsibleTrigger className="group ml-auto inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-primary outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50">
                  Details
                  <span className="sr-only"> of the scan of {formatDateTime(scan.createdAt)}</span>
                  <ChevronDown
                    aria-hidden="true"
                    className="size-3.5 transition-transform group-data-[state=open]:rotate-180"
                  />
                </CollapsibleTrigger>
              </div>
              <CollapsibleContent className="border-t p-3">
                {scan.error ? (
                  <p className="mb-3 text-sm text-destructive">The scan failed: {scan.error}</p>
                ) : null}
                <ScanDetails scan={scan} headingLevel={4} />
              </CollapsibleContent>
            </Collapsible>
          </li>
        ))}
      </ul>
    </section>
  );
}
