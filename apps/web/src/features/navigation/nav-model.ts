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
import type { User } from '@shark/contracts/user.ts';
import { navGroups } from './nav-items.ts';
import { callToAction, LOCKED_TOASTS, statusEntry, USER_MENU } from './nav-prompts.ts';
import type { NavLink, NavModel, SidebarVariant } from './nav-types.ts';

export type * from './nav-types.ts';

/** Shown in every call-to-action box. */
export const CTA_RATING = '4,8';

export function buildNavModel(user: User, variant: SidebarVariant): NavModel {
  return {
    variant,
    status: statusEntry(user),
    groups: navGroups(user, variant),
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
