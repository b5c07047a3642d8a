// The admins' grants on a creator's account, as `shark users grant`: status, plan, special features,
// flags and the upgrade suggestion. Only what was changed is sent; the server records before and after.
import type { CreatorOverview, GrantCreator } from '@shark/contracts/staff-creators.ts';
import {
  FRONTEND_STATUSES,
  PLANS,
  SPECIAL_FEATURES,
  type FrontendStatus,
  type Plan,
  type SpecialFeature,
} from '@shark/contracts/user.ts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { FormField, TextField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useGrantCreator } from '#app/features/staff-creators/api/grant-creator.ts';

interface Draft {
  status: FrontendStatus;
  plan: Plan | '';
  features: SpecialFeature[];
  cancelledButActive: boolean;
  affiliateOnly: boolean;
  suggestUpgrade: string;
}

function draftOf(creator: CreatorOverview): Draft {
  return {
    status: creator.account.status,
    plan: creator.account.plan ?? '',
    features: creator.account.grantedFeatures,
    cancelledButActive: creator.account.isCancelledButActive,
    affiliateOnly: creator.profile.isAffiliateOnly,
    suggestUpgrade: creator.account.suggestUpgradeMessage ?? '',
  };
}

/** The fields that differ from what she has now. */
function changesOf(from: Draft, to: Draft): GrantCreator {
  const changes: GrantCreator = {};
  if (to.status !== from.status) changes.status = to.status;
  if (to.plan !== from.plan && to.plan !== '') changes.plan = to.plan;
  if ([...to.features].sort().join() !== [...from.features].sort().join())
    changes.features = to.features;
  if (to.cancelledButActive !== from.cancelledButActive)
    changes.cancelledButActive = to.cancelledButActive;
  if (to.affiliateOnly !== from.affiliateOnly) changes.affiliateOnly = to.affiliateOnly;
  if (to.suggestUpgrade.trim() !== from.suggestUpgrade) changes.suggestUpgrade = to.suggestUpgrade;
  return changes;
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

export function CreatorGrantsCard({ creator }: { creator: CreatorOverview }) {
  const current = draftOf(creator);
  const [draft, setDraft] = useState<Draft>(current);
  const grant = useGrantCreator(creator.profile.id);
  const changes = changesOf(current, draft);
  const hasChanges = Object.keys(changes).length > 0;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Awaited here, not in mutate's callbacks: the card is remounted with her new account once the
    // page refetches, and the callbacks of an unmounted card never run.
    grant
      .mutateAsync(changes)
      .then(() => toast.success(`Granted to ${creator.profile.email}.`))
      .catch(() => undefined);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Grants</CardTitle>
        <CardDescription>
          What <code>shark users grant</code> changes. A subscription the payment provider bills
          decides her status and plan; features and the suggestion can always be granted.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="Grants">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Status">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.status}
                  onChange={(e) => set({ status: e.target.value as FrontendStatus })}
                >
                  {FRONTEND_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Plan" hint="Only a subscribed creator has one.">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.plan}
                  onChange={(e) => set({ plan: e.target.value as Plan | '' })}
                >
                  <option value="">none</option>
                  {PLANS.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Granted features</legend>
            {SPECIAL_FEATURES.map((feature) => (
              <Check
                key={feature}
                label={feature}
                checked={draft.features.includes(feature)}
                onChange={(on) =>
                  set({
                    features: on
                      ? [...draft.features, feature]
                      : draft.features.filter((f) => f !== feature),
                  })
                }
              />
            ))}
          </fieldset>
          <div className="grid gap-2">
            <Check
              label="Cancelled but active (until the period ends)"
              checked={draft.cancelledButActive}
              onChange={(on) => set({ cancelledButActive: on })}
            />
            <Check
              label="Affiliate only"
              checked={draft.affiliateOnly}
              onChange={(on) => set({ affiliateOnly: on })}
            />
          </div>
          <TextField
            label="Upgrade suggestion"
            hint="Shown to her on her dashboard; empty removes it."
            value={draft.suggestUpgrade}
            onValueChange={(value) => set({ suggestUpgrade: value })}
            maxLength={500}
          />
          {grant.isError ? <Alert variant="error">{grant.error.message}</Alert> : null}
          <div className="flex gap-2">
            <Button type="submit" disabled={!hasChanges || grant.isPending}>
              {grant.isPending ? <Spinner /> : null}
              Grant
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={!hasChanges || grant.isPending}
              onClick={() => setDraft(current)}
            >
              Undo changes
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
