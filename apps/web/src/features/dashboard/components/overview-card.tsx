// A dashboard overview card (deep fake protection, dark web): an icon and a heading with what it says
// beneath, then its figures, then its actions; and one figure: its label above its value.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const n = (value: number) => value.toLocaleString('en-US');

export function OverviewCard({
  id,
  icon: Icon,
  title,
  intro,
  children,
}: {
  /** Names the heading (`${id}-heading`) and the card's test id (`${id}-overview`). */
  id: string;
  icon: LucideIcon;
  title: string;
  /** The paragraphs under the heading. */
  intro: ReactNode;
  /** The figures and actions below. */
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-3 rounded-xl border bg-background p-4"
      data-testid={`${id}-overview`}
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-1">
          <h3 id={`${id}-heading`} className="font-semibold">
            {title}
          </h3>
          {intro}
        </div>
      </div>
      {children}
    </section>
  );
}

export function OverviewFact({
  label,
  value,
  testId,
}: {
  label: string;
  value: number;
  testId: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {n(value)}
      </dd>
    </div>
  );
}
