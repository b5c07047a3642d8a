// Step 2: search terms. Suggestions from the usernames of step 1, the first ones checked (as many as
// the plan allows), and the creator's own terms. Finishing accepts the checked suggestions and
// completes onboarding.
import { createSearchTermSchema, type SearchTerm } from '@shark/contracts/search-terms.ts';
import { ArrowLeft, Check, CircleAlert, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useAcceptSuggestions } from '#app/features/onboarding/api/accept-suggestions.ts';
import { useAddSearchTerm } from '#app/features/onboarding/api/add-search-term.ts';
import { useCompleteOnboarding } from '#app/features/onboarding/api/complete-onboarding.ts';
import { useOnboardingTerms } from '#app/features/onboarding/api/refresh-suggestions.ts';
import { useRemoveSearchTerm } from '#app/features/onboarding/api/remove-search-term.ts';
import { StepHeading } from '#app/features/onboarding/components/step-heading.tsx';
import { platformLabel } from '#app/features/accounts/lib/platforms.ts';
import type { SetupApiBase } from '#app/features/onboarding/lib/setup-api.ts';
import { useUsage } from '#app/features/usage/usage-query.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

const messageOf = (error: unknown, fallback: string) =>
  isApiClientError(error) ? error.message : fallback;

export function TermsStep({
  userId,
  base,
  onBack,
  onFinished,
}: {
  userId: string;
  base: SetupApiBase;
  onBack: () => void;
  onFinished: () => void;
}) {
  const terms = useOnboardingTerms(userId, base);
  const usage = useUsage();
  const accept = useAcceptSuggestions(userId, base);
  const complete = useCompleteOnboarding();
  const [selected, setSelected] = useState<string[] | null>(null);

  const suggestions = terms.data?.list.suggested ?? [];
  const active = terms.data?.list.active ?? [];
  // Naming the username on every line only helps when there are several.
  const isFromShown = new Set(suggestions.map((s) => s.suggestedFrom?.accountId)).size > 1;
  const limit = usage.data ? usage.data.limits.searchTerms : undefined;

  // Pre-check the first suggestions, as many as fit beside the terms the creator has already.
  useEffect(() => {
    if (selected !== null || !terms.data || limit === undefined) return;
    const room =
      limit === null
        ? Number.POSITIVE_INFINITY
        : Math.max(0, limit - terms.data.list.active.length);
    setSelected(terms.data.list.suggested.slice(0, room).map((s) => s.id));
  }, [selected, terms.data, limit]);

  const checked = (selected ?? []).filter((id) => suggestions.some((s) => s.id === id));
  const total = active.length + checked.length;
  const isOverLimit = limit !== undefined && limit !== null && total > limit;
  const isFinishing = accept.isPending || complete.isPending;

  async function finish() {
    try {
      if (checked.length > 0) {
        const result = await accept.mutateAsync(checked);
        if (result.limitMessage) toast.warning(result.limitMessage);
      }
      await complete.mutateAsync();
      onFinished();
    } catch (error) {
      toast.error(messageOf(error, 'Your set-up could not be saved. Try again.'));
    }
  }

  return (
    <section aria-labelledby="step-terms" className="grid gap-5">
      <StepHeading id="step-terms" title="Search terms">
        The names and phrases we search for on search engines and leak sites. These suggestions are
        made from your usernames; the first ones are checked for you.
      </StepHeading>

      {terms.isPending ? (
        <div role="status" aria-label="Making suggestions" className="grid gap-2">
          <Skeleton className="h-10 rounded-lg" />
          <Skeleton className="h-10 rounded-lg" />
          <Skeleton className="h-10 rounded-lg" />
        </div>
      ) : terms.isError ? (
        <div className="grid gap-3">
          <Alert variant="error">
            {messageOf(terms.error, 'Suggestions could not be made. Try again in a moment.')}
          </Alert>
          <Button variant="outline" className="w-fit" onClick={() => void terms.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {suggestions.length > 0 ? (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Suggested for you</legend>
              <ul className="mt-2 divide-y rounded-lg border">
                {suggestions.map((suggestion) => (
                  <SuggestionCheckbox
                    key={suggestion.id}
                    suggestion={suggestion}
                    isFromShown={isFromShown}
                    isChecked={checked.includes(suggestion.id)}
                    onChange={(isChecked) =>
                      setSelected(
                        isChecked
                          ? suggestions
                              .filter((s) => s.id === suggestion.id || checked.includes(s.id))
                              .map((s) => s.id)
                          : checked.filter((id) => id !== suggestion.id),
                      )
                    }
                  />
                ))}
              </ul>
            </fieldset>
          ) : (
            <p className="text-sm text-muted-foreground">
              No suggestions to add: your own terms below are all we need.
            </p>
          )}

          <OwnTerms userId={userId} base={base} terms={active} />

          <p
            className={
              isOverLimit ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'
            }
            aria-live="polite"
          >
            {limit === undefined
              ? `${total} search terms chosen`
              : limit === null
                ? `${total} search terms chosen (unlimited on your plan)`
                : `${total} of ${limit} search terms chosen`}
            {isOverLimit ? ': uncheck some suggestions or remove one of your own terms.' : null}
          </p>
        </>
      )}

      <div className="flex flex-wrap items-center gap-3 border-t pt-5">
        <Button variant="outline" onClick={onBack} disabled={isFinishing}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button
          onClick={() => void finish()}
          disabled={terms.isPending || terms.isError || isOverLimit || total === 0 || isFinishing}
        >
          {isFinishing ? <Spinner /> : <Check aria-hidden="true" />}
          Finish set-up
        </Button>
        {total === 0 && terms.isSuccess ? (
          <p className="text-sm text-muted-foreground">Choose or add at least one search term.</p>
        ) : null}
      </div>
    </section>
  );
}

function SuggestionCheckbox({
  suggestion,
  isFromShown,
  isChecked,
  onChange,
}: {
  suggestion: SearchTerm;
  isFromShown: boolean;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}) {
  return (
    <li>
      <label className="flex cursor-pointer items-center gap-3 px-4 py-2.5 text-sm">
        <input
          type="checkbox"
          checked={isChecked}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 shrink-0 accent-primary"
        />
        <span className="min-w-0">
          <span className="font-medium break-words">{suggestion.term}</span>
          {isFromShown && suggestion.suggestedFrom ? (
            <span className="text-muted-foreground">
              {' '}
              · from {suggestion.suggestedFrom.username} on{' '}
              {platformLabel(suggestion.suggestedFrom.platform)}
            </span>
          ) : null}
        </span>
      </label>
    </li>
  );
}

const FIELDS = ['term'] as const;

function OwnTerms({
  userId,
  base,
  terms,
}: {
  userId: string;
  base: SetupApiBase;
  terms: SearchTerm[];
}) {
  const add = useAddSearchTerm(userId, base);
  const remove = useRemoveSearchTerm(userId, base);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const parsed = createSearchTermSchema.safeParse({ term: text });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      form.querySelector<HTMLInputElement>('input[name="term"]')?.focus();
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => setText(''),
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
      },
    });
  }

  return (
    <div className="grid gap-3">
      {terms.length > 0 ? (
        <>
          <h3 className="text-sm font-medium">Your terms</h3>
          <ul aria-label="Your terms" className="divide-y rounded-lg border">
            {terms.map((term) => (
              <li key={term.id} className="flex items-center justify-between gap-3 px-4 py-2.5">
                <span className="min-w-0 text-sm font-medium break-words">{term.term}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove “${term.term}”`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(term.id, {
                      onError: (error) =>
                        toast.error(messageOf(error, 'The term could not be removed.')),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <form
        noValidate
        onSubmit={handleSubmit}
        aria-label="Add your own term"
        className="grid gap-3"
      >
        {formError ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{formError}</p>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label="Add your own term"
            error={errors.term}
            className="flex-1"
            name="term"
            autoComplete="off"
            placeholder="e.g. your stage name"
            value={text}
            onValueChange={setText}
          />
          <Button type="submit" variant="outline" className="sm:mt-6" disabled={add.isPending}>
            {add.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
            Add term
          </Button>
        </div>
      </form>
    </div>
  );
}
