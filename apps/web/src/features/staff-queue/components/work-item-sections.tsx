// The parts of an item's page, each shown when the item has it: the finding's evidence, the form to
// fill in, the takedown with its history and notice, the delisting file, the creator's report, the
// support request.
import type { WorkItemDetail } from '@shark/contracts/work-queue.ts';
import { ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { FaceComparison } from '#app/components/likeness/face-comparison.tsx';
import { CopyButton } from '#app/components/ui/copy-button.tsx';
import {
  workItemFaceUrl,
  workItemThumbnailUrl,
} from '#app/features/staff-queue/api/get-work-item.ts';
import { STAFF_LIKENESS_NATURE_LABELS } from '#app/lib/likeness.ts';
import { formatWhen } from '#app/features/staff-queue/lib/queue-labels.ts';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-3 rounded-lg border p-4">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
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

export function OutLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 text-primary underline-offset-4 hover:underline"
    >
      <span className="break-all">{href}</span>
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function Pasteable({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">{label}</span>
        <CopyButton text={value} aria-label={`Copy ${label}`} />
      </div>
      <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">
        {value}
      </pre>
    </div>
  );
}

export function FindingSection({
  itemId,
  finding,
}: {
  itemId: string;
  finding: NonNullable<WorkItemDetail['finding']>;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <Section title="Evidence">
      <div className="flex flex-col gap-4 sm:flex-row">
        {finding.hasThumbnail && !hasFailed ? (
          <img
            src={workItemThumbnailUrl(itemId)}
            alt={`What was found on ${finding.siteName}`}
            className="size-40 shrink-0 rounded-lg border object-cover"
            onError={() => setHasFailed(true)}
          />
        ) : null}
        <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <Fact term="Page">
            <OutLink href={finding.pageUrl} />
          </Fact>
          <Fact term="Site">{finding.siteName}</Fact>
          {finding.pageTitle ? <Fact term="Title">{finding.pageTitle}</Fact> : null}
          {finding.reference ? <Fact term="Matches her file">{finding.reference}</Fact> : null}
          <Fact term="Confidence">
            {Math.round(finding.confidence * 100)} %
            {finding.distance !== null ? ` (distance ${finding.distance})` : ''}
          </Fact>
          <Fact term="Status">{finding.status}</Fact>
          {finding.mediaUrl ? (
            <Fact term="Media">
              <OutLink href={finding.mediaUrl} />
            </Fact>
          ) : null}
          <Fact term="First seen">{formatWhen(finding.firstSeenAt)}</Fact>
          {finding.staffReviewRequestedAt ? (
            <Fact term="She asked for a review">{formatWhen(finding.staffReviewRequestedAt)}</Fact>
          ) : null}
          {finding.impersonation ? (
            <Fact term="Profile">
              {finding.impersonation.platform} @{finding.impersonation.username}
              {finding.impersonation.reasons.length > 0
                ? ` (${finding.impersonation.reasons.join(', ')})`
                : ''}
            </Fact>
          ) : null}
        </dl>
      </div>
      {finding.likeness ? (
        <FaceComparison
          found={{
            src: finding.likeness.hasFoundFace ? workItemFaceUrl(itemId, 'found') : null,
            alt: `The face found on ${finding.siteName}`,
            caption: 'Found',
          }}
          enrolled={{
            src: finding.likeness.hasEnrolledFace ? workItemFaceUrl(itemId, 'enrolled') : null,
            alt: 'The creator’s enrolled face',
            caption: 'Her enrolled face',
          }}
          similarity={finding.faceSimilarity ?? null}
        >
          {finding.likeness.nature ? (
            <Fact term="Said to be">
              {STAFF_LIKENESS_NATURE_LABELS[finding.likeness.nature].label}
            </Fact>
          ) : null}
        </FaceComparison>
      ) : null}
    </Section>
  );
}

export function FormSection({ form }: { form: NonNullable<WorkItemDetail['form']> }) {
  return (
    <Section title={`Web form of ${form.recipient}`}>
      <p className="text-sm">
        Open <OutLink href={form.formUrl} /> and paste each field ({form.status}).
      </p>
      {form.fields.map((field) => (
        <Pasteable key={field.label} label={field.label} value={field.value} />
      ))}
    </Section>
  );
}

export function TakedownSection({
  takedown,
}: {
  takedown: NonNullable<WorkItemDetail['takedown']>;
}) {
  return (
    <Section title="Takedown">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <Fact term="Status">{takedown.status}</Fact>
        <Fact term="Host">{takedown.host}</Fact>
        <Fact term="Level">{takedown.level}</Fact>
      </dl>
      <h3 className="text-sm font-medium">Recipients</h3>
      <ul className="grid gap-1 text-sm">
        {takedown.recipients.map((r) => (
          <li key={`${r.level}-${r.address}`}>
            {r.level}. {r.name} ({r.role}, {r.channel}) {r.address}
            {r.isCurrent ? ' — current' : ''}
          </li>
        ))}
      </ul>
      <h3 className="text-sm font-medium">History</h3>
      <ol className="grid gap-1 text-sm">
        {takedown.events.map((e) => (
          <li key={`${e.at}-${e.to}`}>
            <time dateTime={e.at}>{formatWhen(e.at)}</time>: {e.from ? `${e.from} → ` : ''}
            {e.to}
            {e.detail ? <span className="text-muted-foreground"> — {e.detail}</span> : null}
          </li>
        ))}
      </ol>
      {takedown.notice ? (
        <Pasteable
          label={`Notice to ${takedown.notice.recipientName} (${takedown.notice.address}): ${takedown.notice.subject}`}
          value={takedown.notice.text}
        />
      ) : null}
    </Section>
  );
}

export function OtherSections({ detail }: { detail: WorkItemDetail }) {
  const { delisting, report, support } = detail;
  return (
    <>
      {delisting ? (
        <Section title="Delisting file">
          <p className="text-sm">
            {delisting.engine} file of {delisting.day}: {delisting.urls} URL
            {delisting.urls === 1 ? '' : 's'}.{' '}
            <a className="text-primary underline" href={delisting.csvPath} download>
              Download the CSV
            </a>{' '}
            and upload it to the engine’s bulk removal tool.
          </p>
        </Section>
      ) : null}
      {report ? (
        <Section title={report.type === 'impersonation' ? 'Reported profile' : 'Reported page'}>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Fact term="Address">
              <OutLink href={report.url} />
            </Fact>
            <Fact term="Reported">{formatWhen(report.createdAt)}</Fact>
            {report.status ? <Fact term="Check">{report.status}</Fact> : null}
            {report.detail ? <Fact term="What the check saw">{report.detail}</Fact> : null}
            {report.platform ? (
              <Fact term="Profile">
                {report.platform} {report.username ? `@${report.username}` : ''}
              </Fact>
            ) : null}
            {report.evidence ? <Fact term="Her evidence">{report.evidence}</Fact> : null}
            <Fact term="Manual removals this month">
              {report.thisMonth} of{' '}
              {report.monthlyLimit === null ? 'unlimited' : report.monthlyLimit}
            </Fact>
          </dl>
        </Section>
      ) : null}
      {support ? (
        <Section title="Support request">
          <p className="text-sm">
            “{support.subject}” is answered on its support page:{' '}
            <a className="text-primary underline" href={support.path}>
              open the conversation
            </a>
            .
          </p>
        </Section>
      ) : null}
    </>
  );
}
