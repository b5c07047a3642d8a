import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { cn } from '#app/lib/utils.ts';

/** The brand's logo (or a shield when it has none or it fails to load) followed by its name. */
export function BrandMark({
  className,
  nameClassName,
  size = 'md',
}: {
  className?: string;
  /** E.g. to hide the name visually when the sidebar is collapsed to icons. */
  nameClassName?: string;
  size?: 'md' | 'lg';
}) {
  const brand = useBrand();
  const [failedLogo, setFailedLogo] = useState<string>();
  const box = size === 'lg' ? 'size-10' : 'size-8';
  const hasLogo = brand.logoUrl !== '' && failedLogo !== brand.logoUrl;

  return (
    <span
      className={cn('inline-flex items-center gap-2.5 font-semibold tracking-tight', className)}
    >
      {hasLogo ? (
        <img
          src={brand.logoUrl}
          alt=""
          className={cn(box, 'shrink-0 rounded-lg object-contain')}
          onError={() => setFailedLogo(brand.logoUrl)}
        />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            box,
            'grid shrink-0 place-items-center rounded-lg bg-linear-to-br from-(--brand-light) to-(--brand-dark) text-white shadow-sm',
          )}
        >
          <ShieldCheck className="size-[60%]" />
        </span>
      )}
      <span className={cn(size === 'lg' ? 'text-xl' : 'text-base', nameClassName)}>
        {brand.name}
      </span>
    </span>
  );
}
