// What the sidebar says about the user's plan: the status entry and the call to action (one each at
// most, the more urgent situation first), the locked item's toast and the user menu.
import type { User } from '@shark/contracts/user.ts';
import type {
  CallToAction,
  CallToActionKind,
  LockedToast,
  SidebarVariant,
  StatusEntry,
  UserMenuItem,
} from './nav-types.ts';

type Situation = {
  kind: CallToActionKind;
  applies: (user: User) => boolean;
  /** The status entry's words and page; none for a new user. */
  status: Omit<StatusEntry, 'kind'> | null;
  callToAction: Omit<CallToAction, 'kind'>;
  /** Words an operator chose for this user, instead of the description. */
  ownDescription?: (user: User) => string | undefined;
};

/** Most urgent first: losing protection, then a suggestion, then the generic welcome. */
const SITUATIONS: Situation[] = [
  {
    kind: 'former',
    applies: (user) => user.frontendStatus === 'former',
    status: { label: 'Reactivate Subscription', badge: 'Alert', to: '/plans' },
    callToAction: {
      title: 'Your protection has ended',
      description: 'Leaks of your content are no longer removed. Renew to restart protection.',
      action: 'Renew Subscription',
      to: '/plans',
    },
  },
  {
    kind: 'cancelled',
    applies: (user) => user.isCancelledButActive,
    status: { label: 'Plan Cancelled', badge: 'Reactivate', to: '/account' },
    callToAction: {
      title: 'Your plan is cancelled',
      description: 'Protection stops at the end of this billing period. Reactivate to keep it.',
      action: 'Reactivate Now',
      to: '/account',
    },
  },
  {
    kind: 'upgrade',
    applies: (user) => user.shouldShowUpgrade,
    status: { label: 'Upgrade Plan', badge: 'Recommended', to: '/plans' },
    callToAction: {
      title: 'Upgrade recommended',
      description: 'A higher plan removes more of your leaked content, faster.',
      action: 'Upgrade Now',
      to: '/plans',
    },
    ownDescription: (user) => user.suggestUpgradeCustomMessage?.trim(),
  },
  {
    kind: 'new',
    applies: (user) => user.frontendStatus === 'free',
    status: null,
    callToAction: {
      title: 'Protect your content',
      description: 'Choose a plan and we start finding and removing leaks of your content.',
      action: 'Get Started',
      to: '/plans',
    },
  },
];

/** The user's most urgent situation; none for affiliate-only users (not customers). */
function situationOf(user: User): Situation | undefined {
  if (user.isAffiliateOnly) return undefined;
  return SITUATIONS.find((situation) => situation.applies(user));
}

export function statusEntry(user: User): StatusEntry | null {
  const situation = situationOf(user);
  if (!situation?.status || situation.kind === 'new') return null;
  return { kind: situation.kind, ...situation.status };
}

export function callToAction(user: User): CallToAction | null {
  const situation = situationOf(user);
  if (!situation) return null;
  const { description, ...rest } = situation.callToAction;
  return {
    kind: situation.kind,
    ...rest,
    description: situation.ownDescription?.(user) || description,
  };
}

export const LOCKED_TOASTS: Record<SidebarVariant, LockedToast> = {
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

export const USER_MENU: UserMenuItem[] = [
  { id: 'account', label: 'Account', to: '/account' },
  { id: 'notifications', label: 'Notifications', to: '/notifications' },
  { id: 'plans', label: 'Plans', to: '/plans' },
  { id: 'community', label: 'Community', to: '/community' },
  { id: 'support', label: 'Help', to: '/support' },
];
