import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '#app/lib/utils.ts';

const alertVariants = cva(
  'flex gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-border bg-muted text-foreground',
        error: 'border-destructive/30 bg-destructive/5 text-destructive',
        success: 'border-success/30 bg-success/5 text-success',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

/** Errors are announced at once (role alert); other notices politely (role status). */
export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}
