// The staff sidebar's numbers from the queue's counts: everything open in the work queue beside
// "Work queue", and the support requests waiting beside "Support".
import type { WorkQueueCounts } from '@shark/contracts/work-queue.ts';
import type { StaffNavCounts } from '#app/features/staff/components/staff-sidebar.tsx';

export function staffNavCountsOf(counts: WorkQueueCounts | undefined): StaffNavCounts {
  if (!counts) return {};
  return {
    queue: counts.kinds.reduce((sum, kind) => sum + kind.open, 0),
    support: counts.kinds.find((kind) => kind.kind === 'support')?.open ?? 0,
  };
}
