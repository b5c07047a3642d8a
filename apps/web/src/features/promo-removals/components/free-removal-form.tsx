// Reports one address as a free removal, with her statement that she owns the content there. Each
// report spends one removal; with none left the form gives way to the plans.
import { OWNERSHIP_REQUIRED_MESSAGE } from '@shark/contracts/report-leaks.ts';
import {
  reportFreeRemovalSchema,
  type FreeRemovalAllowance,
} from '@shark/contracts/promo-removals.ts';
import { Link } from '@tanstack/react-router';
import { CircleAlert, Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useReportFreeRemoval } from '#app/features/promo-removals/api/report-free-removal.ts';
import { allowanceSummary } from '#app/features/promo-removals/lib/labels.ts';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

const FIELDS = ['url', 'ownershipConfirmed'] as const;

export function FreeRemovalForm({
  userId,
  allowance,
}: {
  userId: string;
  allowance: FreeRemovalAllowance;
}) {
  const report = useReportFreeRemoval(userId);
  const [url, setUrl] = useState('');
  const [isOwner, setIsOwner] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const urlRef = useRef<HTMLInputElement>(null);
  const ownerRef = useRef<HTMLInputElement>(null);
  const ownerErrorId = useId();

  if (allowance.left === 0) {
    return (
      <Card className="grid gap-3 p-4 sm:p-6">
        <h2 className="text-lg font-semibold tracking-tight">Report a leak</h2>
        <Alert>
          <CircleAlert aria-hidden="true" />
          <p>
            {allowance.limit === 0
              ? 'Free Removals are not offered at the moment.'
              : `You have used all ${allowance.limit} of your free removals.`}{' '}
            Choose a plan to have every leak found and taken down for you.
          </p>
        </Alert>
        <Button asChild className="w-fit">
          <Link to="/plans">See plans</Link>
        </Button>
      </Card>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = reportFreeRemovalSchema.safeParse({ url, ownershipConfirmed: isOwner });
    if (!parsed.success) {
      const problems = fieldErrorsFromZod(parsed.error);
      if (problems.ownershipConfirmed !== undefined)
        problems.ownershipConfirmed = OWNERSHIP_REQUIRED_MESSAGE;
      setErrors(problems);
      if (problems.url !== undefined) urlRef.current?.focus();
      else ownerRef.current?.focus();
      return;
    }
    setErrors({});
    report.mutate(parsed.data, {
      onSuccess: (result) => {
        setUrl('');
        // The statement is made for each report, not once for all.
        setIsOwner(false);
        toast.success('Reported for removal', { description: allowanceSummary(result.allowance) });
      },
      onError: (error) => {
        const shown = formErrorsFromApi(error, FIELDS);
        setErrors(shown.fields);
        setFormError(shown.message);
        if (shown.fields.url !== undefined) urlRef.current?.focus();
      },
    });
  }

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold tracking-tight">Report a leak</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The address of a page carrying your content. We fetch it, compare it with your files and
        send the takedown notice. Each address uses one free removal.
      </p>
      <form
        noValidate
        onSubmit={handleSubmit}
        aria-label="Report a leak for removal"
        className="mt-4 grid gap-4"
      >
        {formError ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{formError}</p>
          </Alert>
        ) : null}
        <FormField label="Page address" error={errors.url}>
          {(control) => (
            <Input
              {...control}
              ref={urlRef}
              name="url"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://tube.example/watch/12345"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
        </FormField>
        <div className="grid gap-1.5">
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              ref={ownerRef}
              type="checkbox"
              name="ownershipConfirmed"
              checked={isOwner}
              onChange={(event) => {
                setIsOwner(event.target.checked);
                setErrors(({ ownershipConfirmed: _cleared, ...rest }) => rest);
              }}
              aria-invalid={errors.ownershipConfirmed ? true : undefined}
              aria-describedby={errors.ownershipConfirmed ? ownerErrorId : undefined}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span>
              I confirm that I own the content at this address. It is taken down in my name as a
              copy of my work.
            </span>
          </label>
          {errors.ownershipConfirmed ? (
            <p id={ownerErrorId} className="text-sm text-destructive">
              {errors.ownershipConfirmed}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="w-fit" disabled={report.isPending}>
          {report.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          Report for Removal
        </Button>
      </form>
    </Card>
  );
}
