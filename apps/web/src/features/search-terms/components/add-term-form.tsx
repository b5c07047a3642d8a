// Adds a term the creator types, with its sources; the API's field messages show beside the fields.
import { createSearchTermSchema, type DiscoverySource } from '@shark/contracts/search-terms.ts';
import { ChevronDown, CircleAlert, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import {
  Collapsible,
  CollapsibleContent,
  CollapsibleTrigger,
} from '#app/components/ui/collapsible.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useCreateSearchTerm } from '#app/features/search-terms/api/create-search-term.ts';
import { sourcesSummary } from '#app/features/search-terms/lib/labels.ts';
import { SourcesPicker } from '#app/features/search-terms/components/sources-picker.tsx';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

const FIELDS = ['term', 'sources'] as const;

export function AddTermForm({ userId }: { userId: string }) {
  const create = useCreateSearchTerm(userId);
  const [term, setTerm] = useState('');
  const [sources, setSources] = useState<DiscoverySource[]>([]);
  const [isSourcesOpen, setIsSourcesOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const parsed = createSearchTermSchema.safeParse({ term, sources });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFromZod(parsed.error);
      setErrors(fieldErrors);
      if (fieldErrors.sources !== undefined) setIsSourcesOpen(true);
      form.querySelector<HTMLInputElement>('input[name="term"]')?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setTerm('');
        setSources([]);
        setIsSourcesOpen(false);
        toast.success(`Added “${created.term}”`);
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
        if (result.fields.sources !== undefined) setIsSourcesOpen(true);
      },
    });
  }

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold tracking-tight">Add a search term</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A name, username or phrase people use to find your content, such as your stage name with
        “leaked”.
      </p>
      <form noValidate onSubmit={handleSubmit} className="mt-4 grid gap-4">
        {formError ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{formError}</p>
          </Alert>
        ) : null}
        <TextField
          label="Search term"
          error={errors.term}
          hint="2 to 80 characters: letters, digits, spaces and . _ - ' & @ +"
          name="term"
          autoComplete="off"
          placeholder="e.g. Jane Doe leaked"
          value={term}
          onValueChange={setTerm}
        />
        <Collapsible open={isSourcesOpen} onOpenChange={setIsSourcesOpen}>
          <CollapsibleTrigger asChild>
            <button
              type="button"
              className="inline-flex w-fit items-center gap-1 rounded text-sm font-medium text-primary hover:underline focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              Sources: {sourcesSummary(sources)}
              <ChevronDown
                aria-hidden="true"
                className={
                  isSourcesOpen
                    ? 'size-4 rotate-180 transition-transform'
                    : 'size-4 transition-transform'
                }
              />
            </button>
          </CollapsibleTrigger>
          <CollapsibleContent className="pt-3">
            <SourcesPicker value={sources} onChange={setSources} error={errors.sources} />
          </CollapsibleContent>
        </Collapsible>
        {!isSourcesOpen && errors.sources ? (
          <p className="text-sm text-destructive">{errors.sources}</p>
        ) : null}
        <Button type="submit" className="w-fit" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
          Add term
        </Button>
      </form>
    </Card>
  );
}
