import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '#app/lib/utils.ts';

/** Says plainly what a page will show once it has something to show, with a way onward. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  /** One or two sentences: what will be here and where it comes from. */
  children: ReactNode;
  /** A link or button to somewhere useful now. */
  action?: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-12 text-center',
        className,
      )}
    >
      <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 id={titleId} className="mt-4 text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-2 max-w-md text-sm text-pretty text-muted-foreground">{children}</div>
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </section>
  );
}
