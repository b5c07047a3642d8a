// What the free scan looks through (spec §1: the scan is offered during onboarding, before payment).
import { FileSearch, Globe, HardDrive, Send, ShieldCheck } from 'lucide-react';
import { Card } from '#app/components/ui/card.tsx';

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

export function FreeScanCard({
  brandName,
  isSubscribed,
}: {
  brandName: string;
  /** A subscriber has paid already: the scan is their first search, not a preview before payment. */
  isSubscribed: boolean;
}) {
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        The free scan
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        {isSubscribed ? 'Your first scan' : `Before you pay anything, ${brandName}`} searches for
        your usernames and terms in the places leaked content is shared, and shows you what it
        found:
      </p>
      <ul className="mt-5 grid gap-4">
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
      <p className="mt-4 text-sm text-muted-foreground">
        {isSubscribed
          ? 'What it finds is then taken down as part of your plan.'
          : 'Nothing is filed during the scan: takedowns start only once protection is active.'}
      </p>
    </Card>
  );
}
