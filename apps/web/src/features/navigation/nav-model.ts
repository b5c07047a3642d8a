// What the sidebar shows for a user: one pure function, so every state is unit-tested.
//
// Rules, and the choices made where the rules leave room:
// - Enabled or disabled comes from the access guard's own table (ACCESS_RULES), so the sidebar never
//   offers a page the guard would refuse, nor locks one it allows. The one exception is Dashboard:
//   the guard lets any signed-in user in, but it is among the items that look disabled for free and
//   former users, so it looks disabled for them while the route stays reachable.
//   Consequences of following the guard: Good to Know is enabled for former users (the guard allows
//   it, although it is among the items that look disabled); promoProtect unlocks Accounts,
//   Whitelist, Search Engines and Your Content (the guard's 'or' rule); submitLeak and
//   impersonation unlock their reports only for subscribers.
// - Hidden rather than disabled: Free Removals unless the user has promoProtect and is free (never
//   for subscribed or former users); Uploaded Files without explicitlyShowUploadFiles; 'Start
//   Here' (grouped variant) unless onboarding is needed and the user is subscribed. The classic
//   variant has no such rule; it shows 'Onboarding' while onboarding is needed, whatever
//   the status, since onboarding is where the free scan is offered before payment.
// - Affiliate-only users: the guard sends them to /refer from everything but the referral pages,
//   Account, Plans, Notifications and Community, so only those appear, and no plan prompts (status
//   entry, call to action) are shown: they are not customers.
// - Status entry (one at most; the more urgent wins): former ('Reactivate Subscription' / 'Alert'),
//   then cancelled-but-active ('Plan Cancelled' / 'Reactivate'), then suggested upgrade
//   ('Upgrade Plan' / 'Recommended').
// - Call to action (one at most): former → 'Renew Subscription' (/plans); cancelled-but-active →
//   'Reactivate Now' (/account); suggested upgrade → 'Upgrade Now' (/plans, with the custom message);
//   otherwise a free user → 'Get Started' (/plans). An active subscriber with nothing suggested sees
//   none. Losing protection outranks a suggestion, and an explicit suggestion outranks the generic
//   welcome because an operator chose it for this user.
import type { SIDEBAR_VARIANTS } from '@shark/contracts/system.ts';
import type { SpecialFeature, User } from '@shark/contracts/user.ts';
import { ACCESS_RULES, isAccessAllowed, isAffiliatePath } from '#app/lib/require-access.ts';

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
  | '/plans';

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
  id: 'account' | 'notifications' | 'plans' | 'community';
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

/** Shown in every call-to-action box. */
export const CTA_RATING = '4,8';

type ItemDefinition = {
  to: NavPath;
  label: Record<SidebarVariant, string>;
  /** The guard's rule for the page; none means sign-in only. */
  rule?: keyof typeof ACCESS_RULES;
  isVisible?: (user: User) => boolean;
};

const has = (user: User, feature: SpecialFeature) =>
  user.effectiveSpecialFeatures.includes(feature);

const ITEMS = {
  startHere: {
    to: '/onboarding',
    label: { classic: 'Start Here', grouped: 'Start Here' },
    isVisible: (user) => user.needsOnboarding && user.frontendStatus === 'subscribed',
  },
  onboarding: {
    to: '/onboarding',
    label: { classic: 'Onboarding', grouped: 'Onboarding' },
    isVisible: (user) => user.needsOnboarding,
  },
  dashboard: { to: '/dashboard', label: { classic: 'Dashboard', grouped: 'Overview' } },
  promoProtect: {
    to: '/promo-protect',
    label: { classic: 'Free Removals', grouped: 'Promo Free Removals' },
    rule: 'promoProtect',
    isVisible: (user) => user.frontendStatus === 'free' && has(user, 'promoProtect'),
  },
  takedownReport: {
    to: '/takedown-report',
    label: { classic: 'Takedown Report', grouped: 'Removal Report' },
    rule: 'takedownReport',
  },
  reportLeaks: {
    to: '/report-leaks',
    label: { classic: 'Report Leaks', grouped: 'Submit Leaks' },
    rule: 'reportLeaks',
  },
  reportImpersonation: {
    to: '/report-impersonation',
    label: { classic: 'Report Impersonation', grouped: 'Fake Accounts' },
    rule: 'reportImpersonation',
  },
  goodToKnow: {
    to: '/good-to-know',
    label: { classic: 'Good to Know', grouped: 'Tips & FAQ' },
    rule: 'goodToKnow',
  },
  brands: {
    to: '/brands',
    label: { classic: 'Accounts', grouped: 'Your Accounts' },
    rule: 'brands',
  },
  whitelist: {
    to: '/whitelist',
    label: { classic: 'Whitelist', grouped: 'Allowed Sites' },
    rule: 'whitelist',
  },
  searchTerms: {
    to: '/search-terms',
    label: { classic: 'Search Engines', grouped: 'Search Terms' },
    rule: 'searchTerms',
  },
  branches: {
    to: '/branches',
    label: { classic: 'Your Content', grouped: 'Content Library' },
    rule: 'branches',
  },
  fileUploads: {
    to: '/file-uploads',
    label: { classic: 'Uploaded Files', grouped: 'Uploads' },
    rule: 'fileUploads',
    isVisible: (user) => has(user, 'explicitlyShowUploadFiles'),
  },
  riskRegistry: {
    to: '/risk-registry',
    label: { classic: 'Scam Registry', grouped: 'Scam Alerts' },
  },
  dmcaBadges: {
    to: '/dmca-badges',
    label: { classic: 'DMCA Badges', grouped: 'Protection Badges' },
    rule: 'dmcaBadges',
  },
  community: { to: '/community', label: { classic: 'Community', grouped: 'Community' } },
  notifications: {
    to: '/notifications',
    label: { classic: 'Notifications', grouped: 'Notifications' },
  },
  affiliate: { to: '/refer', label: { classic: 'Affiliate Program', grouped: 'Refer & Earn' } },
  refer: { to: '/refer', label: { classic: 'Affiliate Dashboard', grouped: 'Earnings' } },
  referTips: { to: '/refer/tips', label: { classic: 'Affiliate Tips', grouped: 'Promotion Tips' } },
  referTerms: {
    to: '/refer/refer-aff-tos',
    label: { classic: 'Affiliate Terms', grouped: 'Program Terms' },
  },
} as const satisfies Record<NavItemId, ItemDefinition>;

type NestedItems = { parent: NavItemId; children: NavItemId[] };
type Layout = { id: string; label: string | null; items: (NavItemId | NestedItems)[] };

const AFFILIATE: NestedItems = {
  parent: 'affiliate',
  children: ['refer', 'referTips', 'referTerms'],
};

/** Same routes in both variants; only grouping and wording differ. */
const LAYOUTS: Record<SidebarVariant, Layout[]> = {
  classic: [
    {
      id: 'main',
      label: null,
      items: [
        'onboarding',
        'dashboard',
        'promoProtect',
        'takedownReport',
        'reportLeaks',
        'reportImpersonation',
        'goodToKnow',
      ],
    },
    {
      id: 'settings',
      label: 'Settings',
      items: ['brands', 'whitelist', 'searchTerms', 'branches', 'fileUploads'],
    },
    {
      id: 'extras',
      label: 'Extras',
      items: ['riskRegistry', 'dmcaBadges', 'community', 'notifications', AFFILIATE],
    },
  ],
  grouped: [
    { id: 'main', label: null, items: ['startHere', 'dashboard', 'goodToKnow'] },
    {
      id: 'content-removal',
      label: 'Content Removal',
      items: ['promoProtect', 'takedownReport', 'reportLeaks', 'reportImpersonation'],
    },
    {
      id: 'configuration',
      label: 'Configuration',
      items: ['brands', 'whitelist', 'searchTerms', 'branches', 'fileUploads'],
    },
    {
      id: 'add-ons',
      label: 'Add-ons',
      items: ['riskRegistry', 'dmcaBadges', 'community', 'notifications', AFFILIATE],
    },
  ],
};

const LOCKED_TOASTS: Record<SidebarVariant, LockedToast> = {
  classic: {
    title: 'Upgrade required',
    description: 'This feature requires a higher-level paid plan.',
    action: 'Upgrade',
    to: '/plans',
  },
  grouped: {
    title: 'Feature locked',
    description: 'Available on a higher plan.',
    action: 'See plans',
    to: '/plans',
  },
};

const USER_MENU: UserMenuItem[] = [
  { id: 'account', label: 'Account', to: '/account' },
  { id: 'notifications', label: 'Notifications', to: '/notifications' },
  { id: 'plans', label: 'Plans', to: '/plans' },
  { id: 'community', label: 'Community', to: '/community' },
];

/** Whether an item looks locked; undefined when the user does not see it at all. */
function isItemDisabled(id: NavItemId, user: User): boolean | undefined {
  const item: ItemDefinition = ITEMS[id];
  if (user.isAffiliateOnly && !isAffiliatePath(item.to)) return undefined;
  if (item.isVisible && !item.isVisible(user)) return undefined;
  if (!isAccessAllowed(user, item.rule === undefined ? undefined : ACCESS_RULES[item.rule]))
    return true;
  // Dashboard looks locked for free and former users although the guard lets them in.
  if (id === 'dashboard') return user.frontendStatus !== 'subscribed';
  return false;
}

function link(id: NavItemId, user: User, variant: SidebarVariant): NavLink | undefined {
  const isDisabled = isItemDisabled(id, user);
  if (isDisabled === undefined) return undefined;
  return { kind: 'link', id, label: ITEMS[id].label[variant], to: ITEMS[id].to, isDisabled };
}

function statusEntry(user: User): StatusEntry | null {
  if (user.isAffiliateOnly) return null;
  if (user.frontendStatus === 'former') {
    return { kind: 'former', label: 'Reactivate Subscription', badge: 'Alert', to: '/plans' };
  }
  if (user.isCancelledButActive) {
    return { kind: 'cancelled', label: 'Plan Cancelled', badge: 'Reactivate', to: '/account' };
  }
  if (user.shouldShowUpgrade) {
    return { kind: 'upgrade', label: 'Upgrade Plan', badge: 'Recommended', to: '/plans' };
  }
  return null;
}

function callToAction(user: User): CallToAction | null {
  if (user.isAffiliateOnly) return null;
  if (user.frontendStatus === 'former') {
    return {
      kind: 'former',
      title: 'Your protection has ended',
      description: 'Leaks of your content are no longer removed. Renew to restart protection.',
      action: 'Renew Subscription',
      to: '/plans',
    };
  }
  if (user.isCancelledButActive) {
    return {
      kind: 'cancelled',
      title: 'Your plan is cancelled',
      description: 'Protection stops at the end of this billing period. Reactivate to keep it.',
      action: 'Reactivate Now',
      to: '/account',
    };
  }
  if (user.shouldShowUpgrade) {
    const message = user.suggestUpgradeCustomMessage?.trim();
    return {
      kind: 'upgrade',
      title: 'Upgrade recommended',
      description: message || 'A higher plan removes more of your leaked content, faster.',
      action: 'Upgrade Now',
      to: '/plans',
    };
  }
  if (user.frontendStatus === 'free') {
    return {
      kind: 'new',
      title: 'Protect your content',
      description: 'Choose a plan and we start finding and removing leaks of your content.',
      action: 'Get Started',
      to: '/plans',
    };
  }
  return null;
}

export function buildNavModel(user: User, variant: SidebarVariant): NavModel {
  const groups: NavGroup[] = [];
  for (const layout of LAYOUTS[variant]) {
    const entries: NavEntry[] = [];
    for (const item of layout.items) {
      if (typeof item === 'string') {
        const entry = link(item, user, variant);
        if (entry) entries.push(entry);
        continue;
      }
      const children = item.children
        .map((child) => link(child, user, variant))
        .filter((child) => child !== undefined);
      if (children.length === 0) continue;
      entries.push({
        kind: 'collapsible',
        id: item.parent,
        label: ITEMS[item.parent].label[variant],
        to: ITEMS[item.parent].to,
        children,
      });
    }
    if (entries.length > 0) groups.push({ id: layout.id, label: layout.label, entries });
  }

  return {
    variant,
    status: statusEntry(user),
    groups,
    callToAction: callToAction(user),
    lockedToast: LOCKED_TOASTS[variant],
    userMenu: USER_MENU,
  };
}

/** Every link of the model, children included, in order. */
export function navLinks(model: NavModel): NavLink[] {
  return model.groups.flatMap((group) =>
    group.entries.flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.children)),
  );
}
