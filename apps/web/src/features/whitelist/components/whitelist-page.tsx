// 'Whitelist': the URLs, domains and patterns that are never taken down; add one, paste many,
// import a CSV, check a URL, delete.
import type { WhitelistBulkReport } from '@shark/contracts/whitelist.ts';
import { ClipboardList, FileSpreadsheet, Plus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx';
import { UsageMeter } from '#app/features/usage/components/usage-meter.tsx';
import { useWhitelist } from '#app/features/whitelist/api/get-whitelist.ts';
import { AddEntryForm } from '#app/features/whitelist/components/add-entry-form.tsx';
import { BulkReport } from '#app/features/whitelist/components/bulk-report.tsx';
import { CheckUrlCard } from '#app/features/whitelist/components/check-url-card.tsx';
import { CsvImportForm } from '#app/features/whitelist/components/csv-import-form.tsx';
import { EntryList } from '#app/features/whitelist/components/entry-list.tsx';
import { PasteForm } from '#app/features/whitelist/components/paste-form.tsx';
import { isApiClientError } from '#app/lib/api.ts';

export function WhitelistPage({ userId }: { userId: string }) {
  const whitelist = useWhitelist(userId);
  const [report, setReport] = useState<{ report: WhitelistBulkReport; source: string }>();
  const showReport = (next: WhitelistBulkReport, source: string) =>
    setReport({ report: next, source });

  return (
    <PageFrame
      title="Whitelist"
      description="Sites and pages allowed to show your content: your own website and link pages, licensed partners, affiliate sites. We never report or take down anything on this list."
    >
      <UsageMeter limit="whitelistEntries" className="mb-6 max-w-md" />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 gap-6">
          <Card className="p-4 sm:p-6">
            <h2 className="text-lg font-semibold tracking-tight">Add to your whitelist</h2>
            <Tabs defaultValue="one" className="mt-4 grid gap-4">
              <TabsList aria-label="How to add">
                <TabsTrigger value="one">
                  <Plus aria-hidden="true" />
                  One Entry
                </TabsTrigger>
                <TabsTrigger value="paste">
                  <ClipboardList aria-hidden="true" />
                  Paste Many
                </TabsTrigger>
                <TabsTrigger value="csv">
                  <FileSpreadsheet aria-hidden="true" />
                  Import CSV
                </TabsTrigger>
              </TabsList>
              <TabsContent value="one">
                <AddEntryForm userId={userId} />
              </TabsContent>
              <TabsContent value="paste">
                <PasteForm userId={userId} onReport={showReport} />
              </TabsContent>
              <TabsContent value="csv">
                <CsvImportForm userId={userId} onReport={showReport} />
              </TabsContent>
            </Tabs>
          </Card>

          {report ? (
            <BulkReport
              report={report.report}
              source={report.source}
              onDismiss={() => setReport(undefined)}
            />
          ) : null}

          <section aria-labelledby="whitelist-entries-heading" className="grid gap-3">
            <h2 id="whitelist-entries-heading" className="text-lg font-semibold tracking-tight">
              Your whitelist
            </h2>
            {whitelist.isPending ? (
              <div role="status" aria-label="Loading your whitelist" className="grid gap-3">
                <Skeleton className="h-10 rounded-lg" />
                <Skeleton className="h-20 rounded-2xl" />
                <Skeleton className="h-20 rounded-2xl" />
              </div>
            ) : whitelist.isError ? (
              <div className="grid gap-3">
                <Alert variant="error">
                  Your whitelist could not be loaded.{' '}
                  {isApiClientError(whitelist.error)
                    ? whitelist.error.message
                    : 'Try again in a moment.'}
                </Alert>
                <Button
                  variant="outline"
                  className="w-fit"
                  onClick={() => void whitelist.refetch()}
                >
                  <RotateCcw aria-hidden="true" />
                  Try again
                </Button>
              </div>
            ) : (
              <EntryList userId={userId} entries={whitelist.data.entries} />
            )}
          </section>
        </div>

        <div className="grid gap-6 lg:sticky lg:top-6">
          <CheckUrlCard userId={userId} />
          <MatchingRules />
        </div>
      </div>
    </PageFrame>
  );
}

/** The matcher's rules in brief (the full semantics: packages/engine/src/whitelist/README.md). */
function MatchingRules() {
  return (
    <Card className="p-4 text-sm sm:p-6">
      <h2 className="text-lg font-semibold tracking-tight">What each entry covers</h2>
      <dl className="mt-3 grid gap-3">
        <div>
          <dt className="font-medium">Domain, e.g. example.com</dt>
          <dd className="text-muted-foreground">
            The whole site and every subdomain (www.example.com, shop.example.com), but not
            look-alikes such as example.com.evil.net or notexample.com.
          </dd>
        </div>
        <div>
          <dt className="font-medium">URL, e.g. https://example.com/promo</dt>
          <dd className="text-muted-foreground">
            That one page, with or without www., http or https, a trailing slash or tracking
            parameters such as utm_source. Other query parameters make it another page.
          </dd>
        </div>
        <div>
          <dt className="font-medium">Pattern, e.g. *.example.com/promo/*</dt>
          <dd className="text-muted-foreground">
            Addresses matching it, * standing for anything. A leading *. also covers the domain
            itself.
          </dd>
        </div>
      </dl>
    </Card>
  );
}
