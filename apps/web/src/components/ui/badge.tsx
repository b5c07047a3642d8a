import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '#app/lib/utils.ts';

export const badgeVariants = cva(
  'inline-flex shrink-0 items-center gap-1 rounded-full border px-1.5 py-px text-[0.6875rem] leading-4 font-semibold whitespace-nowrap [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-muted text-foreground',
        outline: 'border-border text-foreground',
        warning:
          'border-warning/30 bg-warning/10 text-[color-mix(in_oklab,var(--warning)_75%,var(--foreground))]',
        destructive:
          'border-destructive/30 bg-destructive/10 text-[color-mix(in_oklab,var(--destructive)_80%,var(--foreground))]',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
