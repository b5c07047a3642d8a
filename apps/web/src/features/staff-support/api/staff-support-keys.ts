// The query keys of the staff's support pages.
import type { StaffSupportQuery } from '@shark/contracts/support.ts';

export const staffSupportKeys = {
  lists: ['staff-support', 'list'] as const,
  list: (query: StaffSupportQuery) => ['staff-support', 'list', query] as const,
  detail: (id: string) => ['staff-support', 'detail', id] as const,
};
