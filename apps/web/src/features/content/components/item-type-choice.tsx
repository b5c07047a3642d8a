// The item form's type choice: one radio button per content type, drawn as a labelled tile.
import { CONTENT_TYPE_LABELS, CONTENT_TYPES, type ContentType } from '@shark/contracts/content.ts';
import { Film, Images, ImageIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '#app/lib/utils.ts';

const TYPE_ICONS: Record<ContentType, typeof ImageIcon> = {
  photo: ImageIcon,
  video: Film,
  set: Images,
};

export function TypeChoice({
  value,
  error,
  onChange,
}: {
  value: ContentType | '';
  error: string | undefined;
  onChange: (type: ContentType) => void;
}) {
  const id = useId();
  return (
    <fieldset
      className="grid gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium">Type</legend>
      <div className="grid grid-cols-3 gap-2">
        {CONTENT_TYPES.map((type, index) => {
          const Icon = TYPE_ICONS[type];
          return (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors',
                'has-focus-visible:ring-3 has-focus-visible:ring-ring/50 hover:bg-muted',
                value === type && 'border-primary bg-primary/5 text-primary',
                error && 'border-destructive',
              )}
            >
              <input
                type="radio"
                name="type"
                value={type}
                checked={value === type}
                onChange={() => onChange(type)}
                className="sr-only"
                {...(index === 0 ? { 'data-field': 'type' } : {})}
              />
              <Icon aria-hidden="true" className="size-4" />
              {CONTENT_TYPE_LABELS[type]}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
