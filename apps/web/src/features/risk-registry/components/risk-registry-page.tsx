// /risk-registry: the published Scam Registry (search, kind, pages, details), the report form and the
// creator's own reports, in tabs kept in the page's address.
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx';
import { useMyRiskReports } from '#app/features/risk-registry/api/get-my-risk-reports.ts';
import {
  REGISTRY_TABS,
  type RegistrySearch,
  type RegistryTab,
} from '#app/features/risk-registry/lib/registry-search.ts';
import { EntryDialog } from './entry-dialog.tsx';
import { MyReports } from './my-reports.tsx';
import { RegistryList } from './registry-list.tsx';
import { ReportForm } from './report-form.tsx';

const isTab = (value: string): value is RegistryTab =>
  (REGISTRY_TABS as readonly string[]).includes(value);

export function RiskRegistryPage({ userId, search }: { userId: string; search: RegistrySearch }) {
  const navigate = useNavigate({ from: '/risk-registry' });
  const tab = search.tab ?? 'registry';
  const myReports = useMyRiskReports(userId);
  const [sentName, setSentName] = useState<string>();

  return (
    <PageFrame
      title="Scam Registry"
      description="Check an agency, a takedown service or an account before you trust it: scams aimed at creators, reported by creators and checked by our team."
    >
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (isTab(value))
            void navigate({
              search: (prev) => ({ ...prev, tab: value === 'registry' ? undefined : value }),
            });
        }}
        className="grid gap-6"
      >
        <TabsList aria-label="Scam Registry">
          <TabsTrigger value="registry">Registry</TabsTrigger>
          <TabsTrigger value="report">Report a scam</TabsTrigger>
          <TabsTrigger value="mine">
            Your reports
            {myReports.data && myReports.data.reports.length > 0
              ? ` (${myReports.data.reports.length})`
              : ''}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="registry">
          <RegistryList userId={userId} search={search} />
        </TabsContent>
        <TabsContent value="report">
          <ReportForm
            userId={userId}
            remainingToday={myReports.data?.remainingToday}
            onReported={(report) => {
              setSentName(report.name);
              void navigate({ search: (prev) => ({ ...prev, tab: 'mine' }) });
            }}
          />
        </TabsContent>
        <TabsContent value="mine" className="grid gap-4">
          {sentName ? (
            <Alert variant="success">
              <CircleCheck aria-hidden="true" />
              <p>
                Thank you. Your report of {sentName} is waiting for our team’s review.{' '}
                <Link
                  to="/risk-registry"
                  search={{ tab: 'report' }}
                  className="underline underline-offset-4"
                >
                  Report another
                </Link>
              </p>
            </Alert>
          ) : null}
          <MyReports reports={myReports} />
        </TabsContent>
      </Tabs>
      {search.entry ? (
        <EntryDialog
          userId={userId}
          id={search.entry}
          onClose={() => void navigate({ search: (prev) => ({ ...prev, entry: undefined }) })}
        />
      ) : null}
    </PageFrame>
  );
}
