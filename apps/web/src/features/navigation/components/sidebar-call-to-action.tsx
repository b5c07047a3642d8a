import { Link } from '@tanstack/react-router';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { CTA_RATING, type CallToAction } from '#app/features/navigation/nav-model.ts';

/** The box above the user menu that asks for the one thing the user should do next. */
export function SidebarCallToAction({ cta }: { cta: CallToAction }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-cta={cta.kind}
      className="rounded-xl border border-sidebar-border bg-card p-3 shadow-sm group-data-[collapsible=icon]:hidden"
    >
      <p id={titleId} className="text-sm font-semibold">
        {cta.title}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{cta.description}</p>
      <Button asChild size="sm" className="mt-3 w-full">
        <Link to={cta.to}>{cta.action}</Link>
      </Button>
      <Rating value={CTA_RATING} />
    </section>
  );
}

/** Five stars, the last one filled to match the fraction, and the figure with its decimal comma. */
function Rating({ value }: { value: string }) {
  const score = Number(value.replace(',', '.'));
  return (
    <div className="mt-3 flex items-center justify-center gap-2 text-xs">
      <span role="img" aria-label={`Rated ${value} out of 5`} className="flex gap-0.5">
        {[0, 1, 2, 3, 4].map((index) => {
          const fill = Math.max(0, Math.min(1, score - index));
          return (
            <span key={index} className="relative size-3.5">
              <Star aria-hidden="true" className="absolute inset-0 size-3.5 text-amber-500/35" />
              <span
                className="absolute inset-0 overflow-hidden"
                style={{ width: `${fill * 100}%` }}
              >
                <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-500" />
              </span>
            </span>
          );
        })}
      </span>
      <span aria-hidden="true" className="font-semibold">
        {value}
      </span>
    </div>
  );
}
