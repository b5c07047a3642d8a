import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '#app/components/ui/input.tsx';
import { Label } from '#app/components/ui/label.tsx';
import { cn } from '#app/lib/utils.ts';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row, outside the label (e.g. 'Optional', a link). */
  aside?: ReactNode;
  className?: string;
  /** Renders the control with the id and ARIA wiring for the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

export function FormField({ label, error, hint, aside, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The error replaces the hint: saying both repeats the same rule twice.
  const isHintShown = hint !== undefined && !error;
  const describedBy = [isHintShown ? hintId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={cn('grid content-start gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy === '' ? undefined : describedBy,
      })}
      {isHintShown ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<FormFieldProps, 'children'> &
  Omit<ComponentProps<typeof Input>, 'id' | 'className' | 'onChange' | 'value'> & {
    value: string;
    onValueChange: (value: string) => void;
    /** Classes of the input itself (className styles the field). */
    inputClassName?: string;
  };

/** A labelled text input: FormField's label, hint and error around an Input. */
export function TextField({
  label,
  error,
  hint,
  aside,
  className,
  inputClassName,
  onValueChange,
  ...input
}: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} aside={aside} className={className}>
      {(control) => (
        <Input
          {...control}
          {...input}
          className={inputClassName}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
