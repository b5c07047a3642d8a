// 'Report Impersonation': the creator reports profiles that pretend to be her; each becomes a report to
// the platform under its impersonation policy, followed until the profile is gone.
import { RotateCcw } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useImpersonationPlatforms } from '#app/features/report-impersonation/api/get-impersonation-platforms.ts';
import { ImpersonationForm } from '#app/features/report-impersonation/components/impersonation-form.tsx';
import { ImpersonationList } from '#app/features/report-impersonation/components/impersonation-list.tsx';
import { isApiClientError } from '#app/lib/api.ts';

export function ReportImpersonationPage({ userId }: { userId: string }) {
  const platforms = useImpersonationPlatforms(userId);
  return (
    <PageFrame
      title="Report Impersonation"
      description="Fake accounts that use your name or photos. Report each one with what shows it is fake; we file it with the platform and follow it until the account is removed."
    >
      <div className="grid gap-6">
        {platforms.isPending ? (
          <Skeleton role="status" aria-label="Loading the platforms" className="h-96 rounded-2xl" />
        ) : platforms.isError ? (
          <div className="grid gap-3">
            <Alert variant="error">
              The form could not be loaded.{' '}
              {isApiClientError(platforms.error)
                ? platforms.error.message
                : 'Try again in a moment.'}
            </Alert>
            <Button variant="outline" className="w-fit" onClick={() => void platforms.refetch()}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <ImpersonationForm userId={userId} platforms={platforms.data.platforms} />
        )}
        <section aria-labelledby="reported-profiles-heading" className="grid gap-3">
          <h2 id="reported-profiles-heading" className="text-lg font-semibold tracking-tight">
            Your reported profiles
          </h2>
          <ImpersonationList userId={userId} />
        </section>
      </div>
    </PageFrame>
  );
}
