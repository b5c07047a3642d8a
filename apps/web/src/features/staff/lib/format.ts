// How the staff pages write dates and roles.
import type { StaffRole } from '@shark/contracts/staff.ts';

export const ROLE_LABELS: Record<StaffRole, string> = { agent: 'Agent', admin: 'Admin' };

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

/** "28 Nov 2026" (UTC, as the server and the other staff read it). */
export const formatDay = (iso: string): string => day.format(new Date(iso));

/** "28 Nov 2026, 12:06:36 UTC". */
export const formatMoment = (iso: string): string => `${moment.format(new Date(iso))} UTC`;
