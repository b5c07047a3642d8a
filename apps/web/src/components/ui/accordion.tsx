import { ChevronDown } from 'lucide-react';
import { Accordion as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#app/lib/utils.ts';

// Radix gives the WAI-ARIA accordion pattern: buttons in headings, aria-expanded/controls, arrow keys.
export const Accordion = Primitive.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof Primitive.Item>) {
  return <Primitive.Item className={cn('border-b last:border-b-0', className)} {...props} />;
}

export function AccordionTrigger({
  className,
  children,
  headingLevel = 3,
  ...props
}: ComponentProps<typeof Primitive.Trigger> & {
  /** The level of the heading the trigger sits in, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Primitive.Header asChild>
      <Heading className="flex">
        <Primitive.Trigger
          className={cn(
            'group flex flex-1 items-center justify-between gap-4 rounded-md py-4 text-left font-medium outline-none',
            'hover:underline focus-visible:ring-3 focus-visible:ring-ring/50',
            className,
          )}
          {...props}
        >
          {children}
          <ChevronDown
            aria-hidden="true"
            className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
          />
        </Primitive.Trigger>
      </Heading>
    </Primitive.Header>
  );
}

export function AccordionContent({
  className,
  children,
  ...props
}: ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Content className="overflow-hidden text-sm text-muted-foreground" {...props}>
      <div className={cn('space-y-3 pb-4 leading-relaxed', className)}>{children}</div>
    </Primitive.Content>
  );
}
