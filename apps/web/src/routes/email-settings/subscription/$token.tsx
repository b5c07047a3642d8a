import { createFileRoute } from '@tanstack/react-router';
import { NoIndex } from '#app/components/no-index.tsx';
import { PublicFrame } from '#app/components/ui/public-frame.tsx';
import { SubscriptionSettingsView } from '#app/features/notifications/components/subscription-settings-view.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// Reached from the link at the foot of our e-mails: the signed, expiring token stands in for a session.
export const Route = createFileRoute('/email-settings/subscription/$token')({
  component: EmailSubscriptionPage,
});

function EmailSubscriptionPage() {
  const { token } = Route.useParams();
  const brand = useBrand();
  usePageTitle('E-mail Preferences');
  return (
    <PublicFrame>
      <NoIndex />
      <SubscriptionSettingsView token={token} brandName={brand.name} />
    </PublicFrame>
  );
}
