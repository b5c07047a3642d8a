// Asks for the whole available balance of one currency, sent to the destination she gives. The server
// decides (minimum, what is available now); its message is shown beside the field it is about.
import { payoutRequestSchema, type AffiliateOverview } from '@shark/contracts/affiliates.ts';
import { CircleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useRequestPayout } from '#app/features/affiliates/api/request-payout.ts';
import { formatMinimum, formatMoney } from '#app/features/affiliates/lib/affiliate-format.ts';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

const FIELDS = ['currency', 'destination'] as const;

export function PayoutRequestForm({ overview }: { overview: AffiliateOverview }) {
  const requestPayout = useRequestPayout();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const { earnings, terms } = overview;

  if (earnings.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Once you have {formatMinimum(terms.minPayout)} available in a currency, you can ask for it
        here.
      </p>
    );
  }
  // The currency with the most available first: the one she most likely wants.
  const currencies = [...earnings].sort((a, b) => b.available - a.available);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const data = parseFormOrShowErrors(form, payoutRequestSchema, FIELDS, setErrors);
    if (!data) return;
    requestPayout.mutate(data, {
      onSuccess: (payout) => {
        form.reset();
        setErrors({});
        toast.success(`Payout of ${formatMoney(payout.amount, payout.currency)} requested`);
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
      },
    });
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label="Request a payout"
      className="grid gap-4 rounded-2xl border p-4"
    >
      <h3 className="font-semibold">Request a payout</h3>
      {formError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <FormField label="Currency" error={errors.currency}>
          {(control) => (
            <NativeSelect {...control} name="currency" defaultValue={currencies[0]?.currency}>
              {currencies.map((e) => (
                <option key={e.currency} value={e.currency}>
                  {e.currency.toUpperCase()} — {formatMoney(e.available, e.currency)} available
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          label="Send it to"
          error={errors.destination}
          hint="Your PayPal address, or your IBAN with the account holder's name."
        >
          {(control) => (
            <Input
              {...control}
              name="destination"
              autoComplete="off"
              placeholder="PayPal: you@example.com"
              required
            />
          )}
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">
        The whole available balance of the currency is paid out; the minimum is{' '}
        {formatMinimum(terms.minPayout)}.
      </p>
      <Button type="submit" className="w-fit" disabled={requestPayout.isPending}>
        {requestPayout.isPending ? <Spinner /> : null}
        Request payout
      </Button>
    </form>
  );
}
