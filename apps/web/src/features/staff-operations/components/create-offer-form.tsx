// The admins' new custom offer, as `shark offers create`: plan, interval, currency, price in money
// (sent in cents), features on top of the plan's, expiry, number of claims and headline.
import { OFFER_INTERVALS, type OfferInterval } from '@shark/contracts/offers.ts';
import { PLANS, SPECIAL_FEATURES, type Plan, type SpecialFeature } from '@shark/contracts/user.ts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, TextField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useCreateOffer } from '#app/features/staff-operations/api/create-offer.ts';
import { formErrorsFromApi } from '#app/lib/form-errors.ts';

const FIELDS = ['plan', 'interval', 'currency', 'price', 'expiresAt', 'maxClaims', 'headline'];

/** "29.99" → 2999; null when it is not an amount of money. */
function toCents(text: string): number | null {
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export function CreateOfferForm() {
  const create = useCreateOffer();
  const [plan, setPlan] = useState<Plan>('standard');
  const [interval, setInterval] = useState<OfferInterval>('monthly');
  const [currency, setCurrency] = useState('usd');
  const [price, setPrice] = useState('');
  const [features, setFeatures] = useState<SpecialFeature[]>([]);
  const [expires, setExpires] = useState('');
  const [maxClaims, setMaxClaims] = useState('');
  const [headline, setHeadline] = useState('');
  const [priceError, setPriceError] = useState<string | undefined>();
  const errors = create.isError ? formErrorsFromApi(create.error, FIELDS) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const cents = toCents(price);
    if (cents === null) {
      setPriceError('Give the price as an amount, such as 29.99 (0 makes the plan free).');
      return;
    }
    setPriceError(undefined);
    create.mutate(
      {
        plan,
        interval,
        currency,
        price: cents,
        features,
        // The last day, whole (UTC), as the CLI reads a date alone.
        expiresAt: expires === '' ? null : `${expires}T23:59:59.999Z`,
        maxClaims: maxClaims === '' ? null : Number(maxClaims),
        headline: headline.trim() === '' ? null : headline.trim(),
      },
      {
        onSuccess: (offer) => {
          toast.success(`Offer created: ${offer.link}`);
          setPrice('');
          setHeadline('');
          setFeatures([]);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="New offer" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Plan" error={errors?.fields.plan}>
          {(control) => (
            <NativeSelect
              {...control}
              value={plan}
              onChange={(e) => setPlan(e.target.value as Plan)}
            >
              {PLANS.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Billed" error={errors?.fields.interval}>
          {(control) => (
            <NativeSelect
              {...control}
              value={interval}
              onChange={(e) => setInterval(e.target.value as OfferInterval)}
            >
              {OFFER_INTERVALS.map((i) => (
                <option key={i}>{i}</option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <TextField
          label="Currency"
          value={currency}
          onValueChange={setCurrency}
          error={errors?.fields.currency}
          maxLength={3}
        />
        <TextField
          label="Price"
          hint="An amount such as 29.99; 0 makes the plan free."
          value={price}
          onValueChange={setPrice}
          error={priceError ?? errors?.fields.price}
          inputMode="decimal"
        />
        <TextField
          label="Last day"
          hint="Optional: the offer ends after this day (UTC)."
          type="date"
          value={expires}
          onValueChange={setExpires}
          error={errors?.fields.expiresAt}
        />
        <TextField
          label="Claims allowed"
          hint="Optional: 1 is single-use; empty is any number."
          type="number"
          min={1}
          value={maxClaims}
          onValueChange={setMaxClaims}
          error={errors?.fields.maxClaims}
        />
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-medium">Features on top of the plan’s</legend>
        {SPECIAL_FEATURES.map((feature) => (
          <label key={feature} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={features.includes(feature)}
              onChange={(e) =>
                setFeatures(
                  e.target.checked ? [...features, feature] : features.filter((f) => f !== feature),
                )
              }
            />
            {feature}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Headline"
        hint="Optional: shown on the offer’s page."
        value={headline}
        onValueChange={setHeadline}
        error={errors?.fields.headline}
        maxLength={200}
      />
      {errors?.message ? <Alert variant="error">{errors.message}</Alert> : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : null}
          Create offer
        </Button>
      </div>
    </form>
  );
}
