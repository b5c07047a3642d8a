// The item form's sale links: a row per link where the work is sold, each removable, up to the limit.
import { SALE_URLS_MAX } from '@shark/contracts/content.ts';
import { Plus, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { Input } from '#app/components/ui/input.tsx';
import type { FieldErrors } from '#app/lib/form-errors.ts';

export function SaleLinks({
  rows,
  errors,
  onChange,
}: {
  rows: string[];
  errors: FieldErrors;
  onChange: (rows: string[]) => void;
}) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);

  function add() {
    onChange([...rows, '']);
    // Focus the new row once it is rendered.
    requestAnimationFrame(() => {
      const inputs = listRef.current?.querySelectorAll('input');
      inputs?.[inputs.length - 1]?.focus();
    });
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-2 text-sm leading-none font-medium">Where it is sold</legend>
      <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
        Links to the pages where you sell this work (your OnlyFans post, a store page). Up to{' '}
        {SALE_URLS_MAX}.
      </p>
      {errors.saleUrls ? (
        <p className="text-sm text-destructive" role="alert">
          {errors.saleUrls}
        </p>
      ) : null}
      <div ref={listRef} className="grid gap-2">
        {rows.map((url, row) => {
          const error = errors[`saleUrls.${row}`];
          const errorId = `${id}-error-${row}`;
          return (
            // Rows have no identity of their own; the position is what the errors refer to.
            <div key={row} className="grid gap-1">
              <div className="flex gap-2">
                <Input
                  data-field={`saleUrls.${row}`}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  aria-label={`Sale link ${row + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  value={url}
                  onChange={(event) =>
                    onChange(rows.map((current, i) => (i === row ? event.target.value : current)))
                  }
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove sale link ${row + 1}`}
                  onClick={() =>
                    onChange(rows.length === 1 ? [''] : rows.filter((_, i) => i !== row))
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {error ? (
                <p id={errorId} className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={rows.length >= SALE_URLS_MAX}
        onClick={add}
      >
        <Plus aria-hidden="true" />
        Add a sale link
      </Button>
    </fieldset>
  );
}
