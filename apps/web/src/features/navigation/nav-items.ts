// The sidebar's items and their layout per variant, and which of them a user sees (enabled or
// locked): the data of nav-model.ts.
import type { SpecialFeature, User } from '@shark/contracts/user.ts';
import { ACCESS_RULES, isAccessAllowed, isAffiliatePath } from '#app/lib/require-access.ts';
import type {
  NavEntry,
  NavGroup,
  NavItemId,
  NavLink,
  NavPath,
  SidebarVariant,
} from './nav-types.ts';

type ItemDefinition = {
  to: NavPath;
  label: Record<SidebarVariant, string>;
  /** The guard's rule for the page; none means sign-in only. */
  rule?: keyof typeof ACCESS_RULES;
  isVisible?: (user: User) => boolean;
};

type ItemRow = [
  id: NavItemId,
  to: NavPath,
  classic: string,
  grouped: string,
  rule?: keyof typeof ACCESS_RULES,
];

const has = (user: User, feature: SpecialFeature) =>
  user.effectiveSpecialFeatures.includes(feature);

/** Each item: its page, its label in the classic and the grouped variant, and the guard's rule. */
const ITEM_ROWS: ItemRow[] = [
  ['startHere', '/onboarding', 'Start Here', 'Start Here'],
  ['onboarding', '/onboarding', 'Onboarding', 'Onboarding'],
  ['dashboard', '/dashboard', 'Dashboard', 'Overview'],
  ['promoProtect', '/promo-protect', 'Free Removals', 'Promo Free Removals', 'promoProtect'],
  ['takedownReport', '/takedown-report', 'Takedown Report', 'Removal Report', 'takedownReport'],
  ['reportLeaks', '/report-leaks', 'Report Leaks', 'Submit Leaks', 'reportLeaks'],
  [
    'reportImpersonation',
    '/report-impersonation',
    'Report Impersonation',
    'Fake Accounts',
    'reportImpersonation',
  ],
  ['goodToKnow', '/good-to-know', 'Good to Know', 'Tips & FAQ', 'goodToKnow'],
  ['brands', '/brands', 'Accounts', 'Your Accounts', 'brands'],
  ['whitelist', '/whitelist', 'Whitelist', 'Allowed Sites', 'whitelist'],
  ['searchTerms', '/search-terms', 'Search Engines', 'Search Terms', 'searchTerms'],
  ['branches', '/branches', 'Your Content', 'Content Library', 'branches'],
  ['fileUploads', '/file-uploads', 'Uploaded Files', 'Uploads', 'fileUploads'],
  ['riskRegistry', '/risk-registry', 'Scam Registry', 'Scam Alerts'],
  ['dmcaBadges', '/dmca-badges', 'DMCA Badges', 'Protection Badges', 'dmcaBadges'],
  ['community', '/community', 'Community', 'Community'],
  ['notifications', '/notifications', 'Notifications', 'Notifications'],
  ['affiliate', '/refer', 'Affiliate Program', 'Refer & Earn'],
  ['refer', '/refer', 'Affiliate Dashboard', 'Earnings'],
  ['referTips', '/refer/tips', 'Affiliate Tips', 'Promotion Tips'],
  ['referTerms', '/refer/refer-aff-tos', 'Affiliate Terms', 'Program Terms'],
];

/** Items hidden (not just locked) from users they do not concern. */
const VISIBILITY: Partial<Record<NavItemId, (user: User) => boolean>> = {
  startHere: (user) => user.needsOnboarding && user.frontendStatus === 'subscribed',
  onboarding: (user) => user.needsOnboarding,
  promoProtect: (user) => user.frontendStatus === 'free' && has(user, 'promoProtect'),
  fileUploads: (user) => has(user, 'explicitlyShowUploadFiles'),
};

const ITEMS = Object.fromEntries(
  ITEM_ROWS.map(([id, to, classic, grouped, rule]): [NavItemId, ItemDefinition] => [
    id,
    { to, label: { classic, grouped }, rule, isVisible: VISIBILITY[id] },
  ]),
) as Record<NavItemId, ItemDefinition>;

type NestedItems = { parent: NavItemId; children: NavItemId[] };
type Layout = { id: string; label: string | null; items: (NavItemId | NestedItems)[] };

const AFFILIATE: NestedItems = {
  parent: 'affiliate',
  children: ['refer', 'referTips', 'referTerms'],
};
const SETTINGS: NavItemId[] = ['brands', 'whitelist', 'searchTerms', 'branches', 'fileUploads'];
const EXTRAS: (NavItemId | NestedItems)[] = [
  'riskRegistry',
  'dmcaBadges',
  'community',
  'notifications',
  AFFILIATE,
];

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
    { id: 'settings', label: 'Settings', items: SETTINGS },
    { id: 'extras', label: 'Extras', items: EXTRAS },
  ],
  grouped: [
    { id: 'main', label: null, items: ['startHere', 'dashboard', 'goodToKnow'] },
    {
      id: 'content-removal',
      label: 'Content Removal',
      items: ['promoProtect', 'takedownReport', 'reportLeaks', 'reportImpersonation'],
    },
    { id: 'configuration', label: 'Configuration', items: SETTINGS },
    { id: 'add-ons', label: 'Add-ons', items: EXTRAS },
  ],
};

/** Whether an item looks locked; undefined when the user does not see it at all. */
function isItemDisabled(id: NavItemId, user: User): boolean | undefined {
  const item = ITEMS[id];
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

/** The variant's groups as this user sees them: hidden items left out, empty groups too. */
export function navGroups(user: User, variant: SidebarVariant): NavGroup[] {
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
  return groups;
}
