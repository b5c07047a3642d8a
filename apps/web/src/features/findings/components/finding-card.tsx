// One finding with its evidence (thumbnail, page, site, matched file, confidence, dates; for an
// impersonator the profile and why it looks like one; for a likeness the face found beside her
// enrolled face and how alike they are), the review actions open to it, and a way to ask the team.
import type { Finding } from '@shark/contracts/findings.ts';
import { Link } from '@tanstack/react-router';
import { ExternalLink, ImageOff, LifeBuoy, UserX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { FaceComparison } from '#app/components/likeness/face-comparison.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { findingFaceUrl, findingThumbnailUrl } from '#app/features/findings/api/get-findings.ts';
import {
  ACTION_LABELS,
  KIND_LABELS,
  formatConfidence,
  formatSeen,
  reasonLabel,
  shortUrl,
} from '#app/features/findings/lib/labels.ts';
import { actionsFor, type ReviewAction } from '#app/features/findings/lib/review.ts';
import { siteKindLabel } from '#app/features/scans/lib/labels.ts';
import { LIKENESS_NATURE_LABELS } from '#app/lib/likeness.ts';

function Thumbnail({ finding }: { finding: Finding }) {
  const [hasFailed, setHasFailed] = useState(false);
  const Icon = finding.kind === 'impersonation' ? UserX : ImageOff;
  return (
    <span className="grid size-24 shrink-0 place-items-center overflow-hidden rounded-lg border bg-muted text-muted-foreground">
      {finding.hasThumbnail && !hasFailed ? (
        <img
          src={findingThumbnailUrl(finding.id)}
          alt={`What was found on ${finding.site.name}`}
          loading="lazy"
          className="size-full object-cover"
          onError={() => setHasFailed(true)}
        />
      ) : (
        <Icon aria-hidden="true" className="size-7" />
      )}
    </span>
  );
}

/** The face found on the page beside her enrolled face, and how alike they are. */
function LikenessEvidence({ finding }: { finding: Finding }) {
  const likeness = finding.likeness;
  if (!likeness) return null;
  return (
    <FaceComparison
      found={{
        src: likeness.hasFoundFace ? findingFaceUrl(finding.id, 'found') : null,
        alt: `The face found on ${finding.site.name}`,
        caption: 'Found',
      }}
      enrolled={{
        src: likeness.hasEnrolledFace ? findingFaceUrl(finding.id, 'enrolled') : null,
        alt: 'Your enrolled face',
        caption: 'Your face',
      }}
      similarity={likeness.similarity}
    >
      {likeness.nature ? (
        <Fact term="You said it is">{LIKENESS_NATURE_LABELS[likeness.nature].label}</Fact>
      ) : null}
    </FaceComparison>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

export function FindingCard({
  finding,
  pendingAction,
  onReview,
  isAskingShark = false,
  onAskShark,
}: {
  finding: Finding;
  /** The review being sent for this finding, if any. */
  pendingAction: ReviewAction | null;
  onReview: (action: ReviewAction) => void;
  isAskingShark?: boolean;
  /** Hands a finding waiting for her review to Shark's team. */
  onAskShark?: () => void;
}) {
  const titleId = `finding-${finding.id}-title`;
  const title = finding.pageTitle?.trim() || shortUrl(finding.pageUrl);
  const actions = actionsFor(finding.status);
  const person = finding.impersonation;

  return (
    <article
      aria-labelledby={titleId}
      tabIndex={-1}
      data-finding-id={finding.id}
      className="flex flex-col gap-4 p-4 outline-none focus-visible:ring-3 focus-visible:ring-ring/50 sm:flex-row"
    >
      <Thumbnail finding={finding} />
      <div className="grid min-w-0 flex-1 gap-3">
        <div className="grid gap-1">
          <p className="flex flex-wrap items-center gap-1.5">
            <Badge
              variant={
                finding.kind === 'impersonation' || finding.kind === 'likeness'
                  ? 'warning'
                  : 'default'
              }
            >
              {KIND_LABELS[finding.kind]}
            </Badge>
            <Badge variant="outline">{siteKindLabel(finding.site.kind)}</Badge>
            {finding.isDarkWeb ? <Badge variant="secondary">Dark web</Badge> : null}
            {finding.mirrorOf ? <Badge variant="secondary">Dark web mirror</Badge> : null}
            {finding.reviewedBy === 'auto' && finding.status === 'confirmed' ? (
              <Badge variant="secondary">Confirmed automatically</Badge>
            ) : null}
          </p>
          <h3 id={titleId} className="font-semibold break-words">
            {title}
          </h3>
          <a
            href={finding.pageUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit max-w-full items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            <span className="truncate">{shortUrl(finding.pageUrl)}</span>
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <Fact term="Site">{finding.site.name}</Fact>
          {finding.reference ? (
            <Fact term="Matches your file">{finding.reference.name}</Fact>
          ) : null}
          <Fact term="Confidence">
            {formatConfidence(finding.confidence)}
            {finding.distance !== null ? (
              <span className="text-muted-foreground"> (distance {finding.distance})</span>
            ) : null}
          </Fact>
          <Fact term="First seen">
            <time dateTime={finding.firstSeenAt}>{formatSeen(finding.firstSeenAt)}</time>
          </Fact>
          <Fact term="Last seen">
            <time dateTime={finding.lastSeenAt}>{formatSeen(finding.lastSeenAt)}</time>
          </Fact>
          {finding.mediaUrl ? (
            <Fact term="Media">
              <span className="font-mono text-xs break-all">{shortUrl(finding.mediaUrl)}</span>
            </Fact>
          ) : null}
        </dl>

        <LikenessEvidence finding={finding} />

        {person ? (
          <div className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
              <Fact term="Platform">{person.platform}</Fact>
              <Fact term="Username">@{person.username}</Fact>
              <Fact term="Display name">{person.displayName ?? '—'}</Fact>
            </dl>
            {person.reasons.length > 0 ? (
              <ul aria-label="Why it looks like you" className="flex flex-wrap gap-1.5">
                {person.reasons.map((reason) => (
                  <li key={reason}>
                    <Badge variant="warning">{reasonLabel(reason)}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}

        {finding.isDarkWeb && finding.status !== 'whitelisted' ? (
          <p className="text-sm text-muted-foreground">
            Found on a Tor onion site. Onion sites have no host or registrar to write to: a notice
            goes only to a contact the site itself gives, and where there is none the finding stays
            recorded here while its copies on the open web are searched for and taken down as usual.
          </p>
        ) : null}

        {finding.mirrorOf && finding.status !== 'whitelisted' ? (
          <p className="text-sm text-muted-foreground">
            This site is the open-web mirror of a dark web site (
            <span className="break-all">{finding.mirrorOf}</span>). Unlike the onion site it has a
            host and a registrar, so it is taken down like any other site.
          </p>
        ) : null}

        {finding.status === 'whitelisted' ? (
          <p className="text-sm text-muted-foreground">
            On your whitelist{finding.whitelistedBy ? ` (${finding.whitelistedBy})` : ''}: never
            reported or taken down.
          </p>
        ) : null}

        {finding.status === 'pending_review' && finding.staffReviewRequestedAt ? (
          <p className="text-sm text-muted-foreground">
            You asked Shark to review this on{' '}
            <time dateTime={finding.staffReviewRequestedAt}>
              {formatSeen(finding.staffReviewRequestedAt)}
            </time>
            . Our team will confirm or reject it for you; you can still decide yourself.
          </p>
        ) : null}

        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'confirm' ? 'default' : 'outline'}
              aria-describedby={titleId}
              disabled={pendingAction !== null}
              onClick={() => onReview(action)}
            >
              {pendingAction === action ? <Spinner className="size-3" /> : null}
              {ACTION_LABELS[action].button}
            </Button>
          ))}
          {finding.status === 'pending_review' && !finding.staffReviewRequestedAt && onAskShark ? (
            <Button
              size="sm"
              variant="ghost"
              aria-describedby={titleId}
              disabled={pendingAction !== null || isAskingShark}
              onClick={onAskShark}
            >
              {isAskingShark ? <Spinner className="size-3" /> : null}
              Ask Shark to review
            </Button>
          ) : null}
          <Button asChild size="sm" variant="ghost" aria-describedby={titleId}>
            <Link
              to="/support/new"
              search={{ findingId: finding.id, subject: `About a finding: ${title}`.slice(0, 200) }}
            >
              <LifeBuoy aria-hidden="true" />
              Ask us
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
