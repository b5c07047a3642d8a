// /refer/tips: practical advice on promoting the brand to creators, with her link at hand.
import { Link } from '@tanstack/react-router';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { CopyButton } from '#app/components/ui/copy-button.tsx';
import { useAffiliate } from '#app/features/affiliates/api/get-affiliate.ts';
import { formatRate } from '#app/features/affiliates/lib/affiliate-format.ts';

function tips(brandName: string): { title: string; body: string }[] {
  return [
    {
      title: 'Speak to creators whose work is being leaked',
      body: `${brandName} finds copies of a creator's paid content on leak sites, file hosts and search engines and has them taken down. The creators who need it most are the ones already finding their content where it should not be: mention it when they complain about leaks.`,
    },
    {
      title: 'Show, do not just tell',
      body: `Explain what happened to your own leaks, or a creator friend's: how many copies were found and how many were removed. A real figure from the takedown report persuades more than any slogan.`,
    },
    {
      title: 'Put your link where creators look for help',
      body: 'Your link-in-bio page, creator Discord servers and forums, the description of videos about growing a creator business, and newsletters for creators. Where rules forbid affiliate links, share your code instead: it ties the sign-up to you just the same.',
    },
    {
      title: 'Say that you earn a commission',
      body: 'Tell people the link is an affiliate link. It is honest, it is required by advertising rules in many countries (the FTC in the US, the ASA in the UK), and audiences trust recommendations that are upfront about it.',
    },
    {
      title: 'Mention the free scan',
      body: `New accounts can run a first scan without paying. Inviting someone to "see what ${brandName} finds about you" is an easy first step, and she stays tied to you when she subscribes later.`,
    },
    {
      title: 'Never promise what the service cannot do',
      body: 'No service can guarantee that every copy disappears from the internet for good. Promise what is true: leaks are found and reported continuously, and most sites remove them after a formal notice.',
    },
  ];
}

export function AffiliateTips({ brandName }: { brandName: string }) {
  const affiliate = useAffiliate();
  return (
    <div className="grid gap-6">
      {affiliate.data ? (
        <Card>
          <CardHeader>
            <CardTitle>Your link</CardTitle>
            <CardDescription>
              Every customer who signs up through it earns you{' '}
              {formatRate(affiliate.data.terms.commissionRateBps)} of each of her payments, for
              life.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 rounded-lg border bg-muted/40 px-3 py-2 text-sm break-all">
              {affiliate.data.link}
            </code>
            <CopyButton text={affiliate.data.link} aria-label="Copy referral link">
              Copy link
            </CopyButton>
          </CardContent>
        </Card>
      ) : null}
      <ol className="grid gap-4 sm:grid-cols-2">
        {tips(brandName).map((tip, index) => (
          <li key={tip.title}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle>
                  <span className="mr-2 text-primary tabular-nums">{index + 1}.</span>
                  {tip.title}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-pretty text-muted-foreground">{tip.body}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted-foreground">
        Before you start, read the{' '}
        <Link to="/refer/refer-aff-tos" className="font-medium text-primary hover:underline">
          affiliate terms
        </Link>
        , or go back to your{' '}
        <Link to="/refer" className="font-medium text-primary hover:underline">
          affiliate dashboard
        </Link>
        .
      </p>
    </div>
  );
}
