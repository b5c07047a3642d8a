// The staff sidebar's numbers from the queue's counts: everything open in the work queue beside
// "Work queue" with a line per kind that has work, and the support requests waiting beside "Support".
import type { WorkQueueCounts } from '@shark/contracts/work-queue.ts';
import type {
  StaffNavCounts,
  StaffNavPart,
} from '#app/features/staff/components/staff-sidebar.tsx';
import { KIND_LABELS } from './queue-labels.ts';

export function staffNavCountsOf(counts: WorkQueueCounts | undefined): StaffNavCounts {
  if (!counts) return {};
  return {
    queue: counts.kinds.reduce((sum, kind) => sum + kind.open, 0),
    support: counts.kinds.find((kind) => kind.kind === 'support')?.open ?? 0,
  };
}

/** One line per kind with open items, linking to the queue filtered to it. */
export function queueNavPartsOf(counts: WorkQueueCounts | undefined): StaffNavPart[] {
  return (counts?.kinds ?? [])
    .filter((kind) => kind.open > 0)
    .map((kind) => ({
      label: KIND_LABELS[kind.kind],
      to: '/staff/queue',
      search: { work: kind.kind },
      count: kind.open,
      overdue: kind.overdue,
    }));
}
