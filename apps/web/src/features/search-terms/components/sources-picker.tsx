// Which discovery sources a term uses: none checked means every source that is switched on.
import {
  DISCOVERY_SOURCE_INFO,
  TERM_SOURCES,
  type DiscoverySource,
} from '@shark/contracts/search-terms.ts';
import { useId } from 'react';
import { cn } from '#app/lib/utils.ts';

export function SourcesPicker({
  value,
  onChange,
  error,
  className,
}: {
  value: readonly DiscoverySource[];
  onChange: (sources: DiscoverySource[]) => void;
  error?: string | undefined;
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={cn('grid gap-2', className)}
      aria-describedby={error ? errorId : hintId}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium">Sources</legend>
      <p id={hintId} className="text-xs text-muted-foreground">
        Leave all unchecked to use every source that is switched on. Image sources (Google Lens,
        TinEye, Cloud Vision) search with your uploaded files instead.
      </p>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {TERM_SOURCES.map((source) => (
          <label key={source} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="sources"
              value={source}
              checked={value.includes(source)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? TERM_SOURCES.filter((s) => s === source || value.includes(s))
                    : value.filter((s) => s !== source),
                )
              }
              className="size-4 rounded border-input accent-primary"
            />
            {DISCOVERY_SOURCE_INFO[source].label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
