// The staff console's sidebar entries, in order. Paths are plain strings: pages of the console are
// built in several places and each entry is kept here once.
import type { StaffRole } from '@shark/contracts/staff.ts';
import { Headset, Inbox, type LucideIcon, ScrollText, ShieldCheck, Users } from 'lucide-react';

export type StaffNavId = 'queue' | 'support' | 'creators' | 'audit' | 'members';

export interface StaffNavEntry {
  id: StaffNavId;
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown to admins only (the API refuses agents too). */
  isAdminOnly: boolean;
}

export const STAFF_NAV: readonly StaffNavEntry[] = [
  { id: 'queue', label: 'Work queue', to: '/staff/queue', icon: Inbox, isAdminOnly: false },
  { id: 'support', label: 'Support', to: '/staff/support', icon: Headset, isAdminOnly: false },
  { id: 'creators', label: 'Creators', to: '/staff/creators', icon: Users, isAdminOnly: false },
  { id: 'audit', label: 'Audit log', to: '/staff/audit', icon: ScrollText, isAdminOnly: false },
  { id: 'members', label: 'Staff', to: '/staff/members', icon: ShieldCheck, isAdminOnly: true },
];

/** The entries a staff member of `role` sees. */
export function staffNavFor(role: StaffRole): StaffNavEntry[] {
  return STAFF_NAV.filter((entry) => !entry.isAdminOnly || role === 'admin');
}
