// A progress bar on Radix Progress (role progressbar with its value); `value` from 0 to `max`.
import { Progress as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#app/lib/utils.ts';

export function Progress({
  className,
  indicatorClassName,
  value,
  max = 100,
  ...props
}: ComponentProps<typeof Primitive.Root> & { indicatorClassName?: string }) {
  const share = value === null || value === undefined ? 0 : Math.min(1, Math.max(0, value / max));
  return (
    <Primitive.Root
      value={value}
      max={max}
      className={cn('relative h-1.5 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <Primitive.Indicator
        className={cn(
          'h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none',
          indicatorClassName,
        )}
        style={{ width: `${share * 100}%` }}
      />
    </Primitive.Root>
  );
}
