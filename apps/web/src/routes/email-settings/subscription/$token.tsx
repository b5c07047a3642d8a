import { createFileRoute, Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { NoIndex } from '#app/components/no-index.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { PublicFrame } from '#app/components/ui/public-frame.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// Reached from the link at the foot of our e-mails; the token stands in for a session. The settings
// themselves arrive with their issue: until then the page says what it will do, and nothing more.
export const Route = createFileRoute('/email-settings/subscription/$token')({
  component: EmailSubscriptionPage,
});

function EmailSubscriptionPage() {
  const brand = useBrand();
  usePageTitle('E-mail Preferences');
  return (
    <PublicFrame>
      <NoIndex />
      <Card className="p-8 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-accent text-accent-foreground">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">E-mail preferences</h1>
        <p className="mt-3 text-muted-foreground">
          This page will let you choose which e-mails you get from {brand.name}, such as alerts
          about new leaks, takedown updates and news, straight from the link in any of our e-mails
          and without signing in. It opens with an upcoming update; nothing has been changed.
        </p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">Go to the home page</Link>
        </Button>
      </Card>
    </PublicFrame>
  );
}
