// A step's heading and lead. It takes focus when the step opens, so keyboard and screen-reader users
// land on the new step instead of on a button that is gone.
import { useEffect, useRef, type ReactNode } from 'react';

export function StepHeading({
  id,
  title,
  children,
  shouldFocus = true,
}: {
  id: string;
  title: string;
  children: ReactNode;
  shouldFocus?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (shouldFocus) ref.current?.focus();
  }, [shouldFocus]);
  return (
    <div>
      <h2
        id={id}
        ref={ref}
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight outline-none"
      >
        {title}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
