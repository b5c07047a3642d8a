import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  FileSearch,
  Globe,
  HardDrive,
  Info,
  ListChecks,
  Send,
  ShieldCheck,
} from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';

// What the free scan looks through (spec §1: the scan is offered during onboarding, before payment).
const SCAN_PLACES = [
  {
    icon: Globe,
    title: 'Search engines',
    text: 'Results that pair your usernames with words leakers use, such as “leaked” or “free”.',
  },
  {
    icon: FileSearch,
    title: 'Leak sites and forums',
    text: 'Tube sites, forums and galleries that repost paid content without permission.',
  },
  {
    icon: HardDrive,
    title: 'File hosts',
    text: 'Download and streaming hosts where whole folders of content are shared.',
  },
  {
    icon: Send,
    title: 'Telegram indexes',
    text: 'Public indexes of Telegram channels and groups that trade leaked content.',
  },
];

const RESULT_PARTS = [
  'how many copies of your content were found, and on how many sites;',
  'where they are: search results, leak sites, file hosts or Telegram;',
  'a sample of the links, so you can check them yourself;',
  'what protection would do with each: a takedown at the source, a search-engine removal, or both.',
];

export function OnboardingPage({ brandName, userName }: { brandName: string; userName: string }) {
  return (
    <PageFrame
      title="Onboarding"
      description={`Welcome${userName ? `, ${userName}` : ''}. Before you pay anything, ${brandName} can run a free scan that shows how much of your content is already out there.`}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            The free scan
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">
            You give us the usernames you publish under. We search for them in the places leaked
            content is shared:
          </p>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2">
            {SCAN_PLACES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div>
                  <h3 className="text-sm font-semibold">{title}</h3>
                  <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </Card>

        <Card className="p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <ListChecks aria-hidden="true" className="size-5 text-primary" />
            What the result shows
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-muted-foreground marker:text-primary">
            {RESULT_PARTS.map((part) => (
              <li key={part}>{part}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted-foreground">
            Nothing is filed during the scan: takedowns start only once protection is active.
          </p>
        </Card>
      </div>

      <section
        aria-labelledby="activate-heading"
        className="mt-6 rounded-2xl bg-primary p-6 text-primary-foreground sm:p-8"
      >
        <h2 id="activate-heading" className="text-xl font-semibold tracking-tight">
          Ready to have the leaks removed?
        </h2>
        <p className="mt-2 max-w-2xl">
          Choose the plan that fits how often your content leaks. Protection starts with the first
          search for your usernames and runs for as long as you are subscribed.
        </p>
        <Button
          asChild
          size="lg"
          variant="secondary"
          className="mt-6 bg-white text-brand-dark hover:bg-white/90"
        >
          <Link to="/plans">
            Activate Your Protection Now
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </section>

      <p className="mt-6 flex gap-2 rounded-lg border bg-card px-4 py-3 text-sm text-muted-foreground">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          Starting the scan from this page and paying online arrive with upcoming updates of{' '}
          {brandName}. Until then the button above takes you to the plans.
        </span>
      </p>
    </PageFrame>
  );
}
