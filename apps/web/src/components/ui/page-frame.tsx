import type { ReactNode } from 'react';
import { cn } from '#app/lib/utils.ts';

/** The content column of a page in the creator app: its one h1, an optional lead, then the page. */
export function PageFrame({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Shown beside the heading on wide screens, under it on narrow ones. */
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-10', className)}>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
          {description ? (
            <p className="mt-2 max-w-2xl text-pretty text-muted-foreground">{description}</p>
          ) : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </header>
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
