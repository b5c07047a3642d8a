// The queue's filters: kind, plan, creator, site, who holds it, overdue, open or done. Each change
// goes into the address (search params), so a filtered queue can be shared and reloaded.
import { SERVICE_PLANS, WORK_ITEM_KINDS } from '@shark/contracts/work-queue.ts';
import { useState, type FormEvent } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Label } from '#app/components/ui/label.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { KIND_LABELS, PLAN_LABELS } from '#app/features/staff-queue/lib/queue-labels.ts';
import type { QueueSearch } from '#app/features/staff-queue/lib/queue-search.ts';

export function QueueFilters({
  search,
  onChange,
}: {
  search: QueueSearch;
  onChange: (next: QueueSearch) => void;
}) {
  const [creator, setCreator] = useState(search.creator ?? '');
  const [host, setHost] = useState(search.host ?? '');

  function submitText(event: FormEvent) {
    event.preventDefault();
    onChange({
      ...search,
      creator: creator.trim() || undefined,
      host: host.trim() || undefined,
    });
  }

  return (
    <form
      aria-label="Filters"
      onSubmit={submitText}
      className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="queue-kind">Kind</Label>
        <NativeSelect
          id="queue-kind"
          value={search.work ?? ''}
          onChange={(e) =>
            onChange({
              ...search,
              work: (e.target.value || undefined) as QueueSearch['work'],
            })
          }
        >
          <option value="">Every kind</option>
          {WORK_ITEM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="queue-plan">Plan</Label>
        <NativeSelect
          id="queue-plan"
          value={search.plan ?? ''}
          onChange={(e) =>
            onChange({
              ...search,
              plan: (e.target.value || undefined) as QueueSearch['plan'],
            })
          }
        >
          <option value="">Every plan</option>
          {SERVICE_PLANS.map((plan) => (
            <option key={plan} value={plan}>
              {PLAN_LABELS[plan]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="queue-claim">Held by</Label>
        <NativeSelect
          id="queue-claim"
          value={search.claim ?? ''}
          onChange={(e) =>
            onChange({
              ...search,
              claim: (e.target.value || undefined) as QueueSearch['claim'],
            })
          }
        >
          <option value="">Anyone or nobody</option>
          <option value="mine">Me</option>
          <option value="unclaimed">Nobody</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="queue-status">Status</Label>
        <NativeSelect
          id="queue-status"
          value={search.show ?? 'open'}
          onChange={(e) =>
            onChange({
              ...search,
              show: e.target.value === 'done' ? 'done' : undefined,
            })
          }
        >
          <option value="open">Open</option>
          <option value="done">Done</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="queue-creator">Creator (e-mail or id)</Label>
        <Input
          id="queue-creator"
          value={creator}
          onChange={(e) => setCreator(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="queue-host">Site</Label>
        <Input
          id="queue-host"
          value={host}
          placeholder="tube.example"
          onChange={(e) => setHost(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="flex items-end gap-2">
        <label className="flex h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={search.overdue === true}
            onChange={(e) => onChange({ ...search, overdue: e.target.checked || undefined })}
          />
          Overdue only
        </label>
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" variant="outline">
          Apply
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setCreator('');
            setHost('');
            onChange({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
