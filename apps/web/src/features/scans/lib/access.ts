// Who may use scans and the review: the server's 'setup' entitlement (subscribed, or free with Free
// Removals), which is the same rule as the set-up screens (Accounts, Whitelist…).
import type { User } from '@shark/contracts/user.ts';
import { ACCESS_RULES, isAccessAllowed } from '#app/lib/require-access.ts';

export function canUseScans(user: User): boolean {
  return isAccessAllowed(user, ACCESS_RULES.brands);
}
