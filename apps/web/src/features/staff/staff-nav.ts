// The staff console's sidebar entries, in order. Paths are plain strings: pages of the console are
// built in several places and each entry is kept here once.
import type { StaffRole } from '@shark/contracts/staff.ts';
import {
  BadgePercent,
  Globe,
  Headset,
  Inbox,
  type LucideIcon,
  Megaphone,
  ScrollText,
  ShieldAlert,
  ShieldCheck,
  Users,
  Wallet,
} from 'lucide-react';

export type StaffNavId =
  | 'queue'
  | 'support'
  | 'creators'
  | 'community'
  | 'registry'
  | 'sites'
  | 'offers'
  | 'payouts'
  | 'audit'
  | 'members';

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
  {
    id: 'community',
    label: 'Community posts',
    to: '/staff/community',
    icon: Megaphone,
    isAdminOnly: false,
  },
  {
    id: 'registry',
    label: 'Scam Registry',
    to: '/staff/registry',
    icon: ShieldAlert,
    isAdminOnly: false,
  },
  { id: 'sites', label: 'Discovered sites', to: '/staff/sites', icon: Globe, isAdminOnly: false },
  {
    id: 'offers',
    label: 'Custom offers',
    to: '/staff/offers',
    icon: BadgePercent,
    isAdminOnly: true,
  },
  {
    id: 'payouts',
    label: 'Affiliate payouts',
    to: '/staff/payouts',
    icon: Wallet,
    isAdminOnly: true,
  },
  { id: 'audit', label: 'Audit log', to: '/staff/audit', icon: ScrollText, isAdminOnly: false },
  { id: 'members', label: 'Staff', to: '/staff/members', icon: ShieldCheck, isAdminOnly: true },
];

/** The entries a staff member of `role` sees. */
export function staffNavFor(role: StaffRole): StaffNavEntry[] {
  return STAFF_NAV.filter((entry) => !entry.isAdminOnly || role === 'admin');
}
