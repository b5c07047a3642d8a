// Query keys of the dashboard's figures, per user so one account's figures never show for the next one.
import type { DashboardRange } from '@shark/contracts/takedown-report.ts';

export const dashboardKeys = {
  all: (userId: string) => ['dashboard', userId] as const,
  summary: (userId: string, range: DashboardRange) =>
    ['dashboard', userId, 'summary', range] as const,
};
