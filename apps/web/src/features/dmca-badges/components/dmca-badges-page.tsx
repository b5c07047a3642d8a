import type { MyBadge } from '@shark/contracts/dmca-badges.ts';
import { ExternalLink, RotateCcw } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { CopyButton } from '#app/components/ui/copy-button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useMyBadge } from '#app/features/dmca-badges/api/get-my-badge.ts';
import {
  footerBadgeHtml,
  isSafeVerifyUrl,
  longDisclaimer,
  shortDisclaimer,
  textBadgeHtml,
} from '#app/features/dmca-badges/lib/badge-html.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { cn } from '#app/lib/utils.ts';

type Brand = { name: string; color: string };

export function DmcaBadgesPage({ brand, userId }: { brand: Brand; userId: string }) {
  return (
    <PageFrame
      title="DMCA Badges"
      description="Show visitors, and anyone thinking of reposting your work, that your content is protected. Paste these texts and badges on your website, profiles or link pages."
    >
      <section aria-labelledby="disclaimers-heading">
        <h2 id="disclaimers-heading" className="text-xl font-semibold tracking-tight">
          Disclaimer texts
        </h2>
        <div className="mt-4 grid items-start gap-6 lg:grid-cols-2">
          <SnippetCard
            title="Short text"
            description="For a bio, a caption or a link page."
            copy={
              <CopyButton text={shortDisclaimer(brand.name)} aria-label="Copy short text">
                Copy
              </CopyButton>
            }
          >
            <blockquote className="rounded-lg border bg-muted/60 p-4 text-sm">
              {shortDisclaimer(brand.name)}
            </blockquote>
          </SnippetCard>
          <SnippetCard
            title="Long text"
            description="For a website, a profile page or your terms."
            copy={
              <CopyButton text={longDisclaimer(brand.name)} aria-label="Copy long text">
                Copy
              </CopyButton>
            }
          >
            <blockquote className="space-y-3 rounded-lg border bg-muted/60 p-4 text-sm">
              {longDisclaimer(brand.name)
                .split('\n\n')
                .map((paragraph, index) => (
                  <p key={paragraph} className={index === 0 ? 'font-semibold' : undefined}>
                    {paragraph}
                  </p>
                ))}
            </blockquote>
          </SnippetCard>
        </div>
      </section>

      <section aria-labelledby="badges-heading" className="mt-10">
        <h2 id="badges-heading" className="text-xl font-semibold tracking-tight">
          HTML badges
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
          Each badge links to a public page where anyone can confirm that your content is protected
          by {brand.name}. That page shows no name, e-mail address or account of yours.
        </p>
        <BadgeSection brand={brand} userId={userId} />
      </section>
    </PageFrame>
  );
}

function BadgeSection({ brand, userId }: { brand: Brand; userId: string }) {
  const badge = useMyBadge(userId);

  if (badge.isPending) {
    return (
      <p role="status" className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Loading your badge…
      </p>
    );
  }
  if (badge.isError || !isSafeVerifyUrl(badge.data.verifyUrl)) {
    return (
      <div className="mt-6 space-y-3">
        <Alert variant="error">
          <span>
            Your badge could not be loaded.{' '}
            {isApiClientError(badge.error) ? badge.error.message : 'Try again in a moment.'}
          </span>
        </Alert>
        <Button variant="outline" onClick={() => void badge.refetch()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return <Badges brand={brand} badge={badge.data} />;
}

function Badges({ brand, badge }: { brand: Brand; badge: MyBadge }) {
  const input = { brandName: brand.name, verifyUrl: badge.verifyUrl, color: brand.color };
  const textHtml = textBadgeHtml(input);
  const footerHtml = footerBadgeHtml(input);

  return (
    <>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <SnippetCard
          title="Text badge"
          description="A small link for a bio, a sidebar or under a post."
          copy={
            <CopyButton text={textHtml} aria-label="Copy HTML of the text badge">
              Copy HTML
            </CopyButton>
          }
        >
          <BadgePreview html={textHtml} label="Preview of the text badge" centered />
          <HtmlCode html={textHtml} label="HTML of the text badge" />
        </SnippetCard>
        <SnippetCard
          title="Footer badge"
          description="A strip for the bottom of your website."
          copy={
            <CopyButton text={footerHtml} aria-label="Copy HTML of the footer badge">
              Copy HTML
            </CopyButton>
          }
        >
          <BadgePreview html={footerHtml} label="Preview of the footer badge" />
          <HtmlCode html={footerHtml} label="HTML of the footer badge" />
        </SnippetCard>
      </div>

      <Card className="mt-6 flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold">Your verification page</h3>
          <p className="mt-1 text-sm break-all text-muted-foreground">{badge.verifyUrl}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <CopyButton text={badge.verifyUrl} aria-label="Copy link of the verification page">
            Copy link
          </CopyButton>
          <Button asChild variant="outline" size="sm">
            <a href={badge.verifyUrl} target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" />
              Open<span className="sr-only"> the verification page (new tab)</span>
            </a>
          </Button>
        </div>
      </Card>
    </>
  );
}

function SnippetCard({
  title,
  description,
  copy,
  children,
}: {
  title: string;
  description: string;
  copy: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 className="font-semibold">{title}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
        {copy}
      </div>
      {children}
    </Card>
  );
}

/**
 * Renders the snippet as a site would show it. A shadow root keeps this app's styles away from it
 * (the snippet carries its own inline styles); the HTML is ours, built and escaped by badge-html.ts.
 */
function BadgePreview({
  html,
  label,
  centered = false,
}: {
  html: string;
  label: string;
  centered?: boolean;
}) {
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    root.innerHTML = html;
  }, [html]);

  return (
    <figure className="m-0">
      <figcaption className="sr-only">{label}</figcaption>
      {/* A light page, as most creators' sites are, in either colour scheme of the app. */}
      <div
        className={cn(
          'flex min-h-24 overflow-hidden rounded-lg border bg-[#f4f6fa]',
          centered ? 'items-center justify-center p-4' : 'flex-col justify-end pt-8',
        )}
      >
        <div ref={hostRef} className={centered ? undefined : 'w-full'} />
      </div>
    </figure>
  );
}

function HtmlCode({ html, label }: { html: string; label: string }) {
  // Scrolls inside a fixed height; focusable so the whole snippet can be read by keyboard too.
  return (
    <pre
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-36 overflow-auto rounded-lg border bg-muted/60 p-3 font-mono text-xs break-all whitespace-pre-wrap outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
    >
      <code>{html}</code>
    </pre>
  );
}
