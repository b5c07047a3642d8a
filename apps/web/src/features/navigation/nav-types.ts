// The shapes of the sidebar's model: its items, groups, status entry, call to action and menus.
import type { SIDEBAR_VARIANTS } from '@shark/contracts/system.ts';

export type SidebarVariant = (typeof SIDEBAR_VARIANTS)[number];

/** Every page the navigation links to. */
export type NavPath =
  | '/onboarding'
  | '/dashboard'
  | '/promo-protect'
  | '/takedown-report'
  | '/report-leaks'
  | '/report-impersonation'
  | '/good-to-know'
  | '/brands'
  | '/whitelist'
  | '/search-terms'
  | '/branches'
  | '/file-uploads'
  | '/risk-registry'
  | '/community'
  | '/dmca-badges'
  | '/notifications'
  | '/refer'
  | '/refer/tips'
  | '/refer/refer-aff-tos'
  | '/account'
  | '/plans'
  | '/support';

export type NavItemId =
  | 'startHere'
  | 'onboarding'
  | 'dashboard'
  | 'promoProtect'
  | 'takedownReport'
  | 'reportLeaks'
  | 'reportImpersonation'
  | 'goodToKnow'
  | 'brands'
  | 'whitelist'
  | 'searchTerms'
  | 'branches'
  | 'fileUploads'
  | 'riskRegistry'
  | 'dmcaBadges'
  | 'community'
  | 'notifications'
  | 'affiliate'
  | 'refer'
  | 'referTips'
  | 'referTerms';

export type NavLink = {
  kind: 'link';
  id: NavItemId;
  label: string;
  to: NavPath;
  /** Disabled items render as buttons that explain the lock (lockedToast), never as links. */
  isDisabled: boolean;
};

export type NavCollapsible = {
  kind: 'collapsible';
  id: NavItemId;
  label: string;
  /** Where the entry leads when the sidebar is collapsed to icons and the children cannot show. */
  to: NavPath;
  children: NavLink[];
};

export type NavEntry = NavLink | NavCollapsible;

export type NavGroup = { id: string; label: string | null; entries: NavEntry[] };

export type StatusEntryKind = 'former' | 'cancelled' | 'upgrade';
export type StatusEntry = { kind: StatusEntryKind; label: string; badge: string; to: NavPath };

export type CallToActionKind = 'new' | 'cancelled' | 'former' | 'upgrade';
export type CallToAction = {
  kind: CallToActionKind;
  title: string;
  description: string;
  action: string;
  to: NavPath;
};

export type LockedToast = { title: string; description: string; action: string; to: '/plans' };

export type UserMenuItem = {
  id: 'account' | 'notifications' | 'plans' | 'community' | 'support';
  label: string;
  to: NavPath;
};

export type NavModel = {
  variant: SidebarVariant;
  status: StatusEntry | null;
  groups: NavGroup[];
  callToAction: CallToAction | null;
  lockedToast: LockedToast;
  userMenu: UserMenuItem[];
};
