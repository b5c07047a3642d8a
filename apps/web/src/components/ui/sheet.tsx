// A side panel on Radix Dialog: focus trapped, Escape and the overlay close it; slides in over 500 ms
// and out over 300 ms (the keyframes are in styles.css).
import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#app/lib/utils.ts';

export const Sheet = Primitive.Root;
export const SheetTrigger = Primitive.Trigger;
export const SheetClose = Primitive.Close;

const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 bg-background shadow-xl outline-none motion-reduce:animate-none',
  {
    variants: {
      side: {
        left: 'inset-y-0 left-0 h-full w-3/4 border-r data-[state=closed]:animate-sheet-out-left data-[state=open]:animate-sheet-in-left sm:max-w-sm',
        right:
          'inset-y-0 right-0 h-full w-3/4 border-l data-[state=closed]:animate-sheet-out-right data-[state=open]:animate-sheet-in-right sm:max-w-sm',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

export function SheetContent({
  className,
  children,
  side,
  hasCloseButton = true,
  ...props
}: ComponentProps<typeof Primitive.Content> &
  VariantProps<typeof sheetVariants> & { hasCloseButton?: boolean }) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in motion-reduce:animate-none" />
      <Primitive.Content className={cn(sheetVariants({ side }), className)} {...props}>
        {children}
        {hasCloseButton ? (
          <Primitive.Close className="absolute top-3 right-3 grid size-8 place-items-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
            <XIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">Close</span>
          </Primitive.Close>
        ) : null}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-4', className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn('font-semibold', className)} {...props} />;
}

export function SheetDescription({
  className,
  ...props
}: ComponentProps<typeof Primitive.Description>) {
  return (
    <Primitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
