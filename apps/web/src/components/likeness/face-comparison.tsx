// The evidence of a likeness finding: the face found on the page beside the enrolled face it resembles,
// and how alike they are, for the creator's findings and for Shark's team reviewing one for her.
import { ImageOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatSimilarity } from '#app/lib/likeness.ts';

function Face({ src, alt, caption }: { src: string | null; alt: string; caption: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <figure className="grid justify-items-center gap-1">
      <span className="grid size-20 place-items-center overflow-hidden rounded-lg border bg-muted text-muted-foreground">
        {src && !hasFailed ? (
          <img
            src={src}
            alt={alt}
            loading="lazy"
            className="size-full object-cover"
            onError={() => setHasFailed(true)}
          />
        ) : (
          <ImageOff aria-hidden="true" className="size-6" />
        )}
      </span>
      <figcaption className="text-xs text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}

export function FaceComparison({
  found,
  enrolled,
  similarity,
  children,
}: {
  /** src null: no picture is kept (an icon stands in for it). */
  found: { src: string | null; alt: string; caption: string };
  enrolled: { src: string | null; alt: string; caption: string };
  similarity: number | null;
  /** More facts after the similarity (each a div with a dt and a dd). */
  children?: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-label="Face comparison"
      className="flex flex-wrap items-center gap-4 rounded-lg border bg-muted/40 p-3 text-sm"
    >
      <Face {...found} />
      <Face {...enrolled} />
      <dl className="grid gap-2">
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Similarity</dt>
          <dd className="break-words">
            {similarity === null ? '—' : formatSimilarity(similarity)}
          </dd>
        </div>
        {children}
      </dl>
    </div>
  );
}
