// 'Report Leaks': the creator reports pages carrying her content — pasted or as a CSV file — and follows
// each one: fetched, compared with her files, then taken down like any leak Shark finds itself.
import { useState } from 'react';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import {
  ReportForm,
  type ReportOutcome,
} from '#app/features/report-leaks/components/report-form.tsx';
import { ReportResults } from '#app/features/report-leaks/components/report-results.tsx';
import { ReportedUrlList } from '#app/features/report-leaks/components/reported-url-list.tsx';

export function ReportLeaksPage({ userId }: { userId: string }) {
  const [outcome, setOutcome] = useState<ReportOutcome>();
  return (
    <PageFrame
      title="Report Leaks"
      description="Found your content somewhere? Send us the addresses. Each page is checked against your files and joins your takedowns; addresses on your whitelist are never taken down."
    >
      <div className="grid gap-6">
        <ReportForm userId={userId} onResult={setOutcome} />
        {outcome ? (
          <ReportResults outcome={outcome} onDismiss={() => setOutcome(undefined)} />
        ) : null}
        <section aria-labelledby="reported-addresses-heading" className="grid gap-3">
          <h2 id="reported-addresses-heading" className="text-lg font-semibold tracking-tight">
            Your reported addresses
          </h2>
          <ReportedUrlList userId={userId} />
        </section>
      </div>
    </PageFrame>
  );
}
