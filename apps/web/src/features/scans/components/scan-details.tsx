// What one scan did: work per stage, the sources it asked and how often, what it found, the sites it
// gave up or searched further, and its latest errors. Shown live for a running scan and on demand for
// past ones.
import type { Scan } from '@shark/contracts/scans.ts';
import { SCAN_STAGES } from '@shark/contracts/scans.ts';
import { Badge } from '#app/components/ui/badge.tsx';
import { STAGE_LABELS, count, formatDateTime } from '#app/features/scans/lib/labels.ts';
import { summarizeStage } from '#app/features/scans/lib/progress.ts';
import { ScanSiteNotes } from '#app/features/scans/components/scan-site-notes.tsx';

export function ScanDetails({ scan, headingLevel = 3 }: { scan: Scan; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="grid gap-5 text-sm">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left tabular-nums">
          <caption className="sr-only">Work of this scan by stage</caption>
          <thead className="text-xs text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="py-2 pr-3 font-medium">
                Stage
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Done
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Waiting
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Skipped
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                Failed
              </th>
            </tr>
          </thead>
          <tbody>
            {SCAN_STAGES.map((stage) => {
              const summary = summarizeStage(stage, scan.stages[stage]);
              return (
                <tr key={stage} className="border-b last:border-0" data-testid={`stage-${stage}`}>
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <span className="font-medium">{STAGE_LABELS[stage].label}</span>
                    <span className="block text-xs text-muted-foreground">
                      {STAGE_LABELS[stage].description}
                    </span>
                  </th>
                  <td className="px-3 py-2 text-right whitespace-nowrap">
                    {summary.done} <span className="text-muted-foreground">of {summary.total}</span>
                  </td>
                  <td className="px-3 py-2 text-right">{summary.waiting}</td>
                  <td className="px-3 py-2 text-right">{summary.skipped}</td>
                  <td
                    className={
                      summary.failed > 0
                        ? 'py-2 pl-3 text-right text-destructive'
                        : 'py-2 pl-3 text-right'
                    }
                  >
                    {summary.failed}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <div className="grid gap-5">
        <section>
          <Heading className="font-semibold">Found</Heading>
          <ul aria-label="Found by this scan" className="mt-2 flex flex-wrap gap-2">
            <li>
              <Badge variant="secondary">{count(scan.findings.leak, 'leak', 'leaks')}</Badge>
            </li>
            <li>
              <Badge variant="secondary">
                {count(scan.findings.mention, 'mention', 'mentions')}
              </Badge>
            </li>
            <li>
              <Badge variant="secondary">
                {count(scan.findings.impersonation, 'impersonator', 'impersonators')}
              </Badge>
            </li>
          </ul>
        </section>
        <section>
          <Heading className="font-semibold">Sources used</Heading>
          {scan.sources.length === 0 ? (
            <p className="mt-1 text-muted-foreground">No source has been asked yet.</p>
          ) : (
            <ul aria-label="Sources used" className="mt-2 grid gap-1.5">
              {scan.sources.map((source) => (
                <li key={source.id} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 break-words">{source.name}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {count(source.queries, 'query', 'queries')} ·{' '}
                    {count(source.results, 'result', 'results')}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {scan.queryBudget !== null ? (
            <p className="mt-2 text-xs text-muted-foreground">
              Query budget of this scan: {scan.queryBudget}.
            </p>
          ) : null}
        </section>
      </div>

      <ScanSiteNotes sites={scan.sites} heading={Heading} />

      {scan.errors.length > 0 ? (
        <section>
          <Heading className="font-semibold">Latest errors</Heading>
          <ul aria-label="Latest errors" className="mt-2 grid gap-2">
            {scan.errors.map((error, index) => (
              <li
                key={`${error.at}-${error.subject}-${index}`}
                className="rounded-lg border border-destructive/20 bg-destructive/5 px-3 py-2"
              >
                <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <Badge variant="destructive">{STAGE_LABELS[error.stage].label}</Badge>
                  <time dateTime={error.at}>{formatDateTime(error.at)}</time>
                </p>
                <p className="mt-1 font-mono text-xs break-all">{error.subject}</p>
                <p className="mt-0.5">{error.message}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
