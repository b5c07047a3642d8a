// Where a user lands after signing in or verifying the e-mail, and how that survives the e-mail round trip.
import { defaultStringifySearch } from '@tanstack/react-router';
import { customRedirectSchema } from '@shark/contracts/auth-mini.ts';

export const DEFAULT_DESTINATION = '/dashboard';
const STORAGE_KEY = 'shark.afterVerification';

export function destinationAfterAuth(search: {
  customRedirect?: string | undefined;
  customOfferId?: string | undefined;
}): string {
  if (search.customRedirect !== undefined) return search.customRedirect;
  if (search.customOfferId !== undefined) {
    return `/claim-offer${defaultStringifySearch({ customOfferId: search.customOfferId })}`;
  }
  return DEFAULT_DESTINATION;
}

/**
 * The verification link is opened from the mailbox, usually in a new tab, so the destination
 * chosen at sign-up is kept in localStorage (shared by tabs) until the link is used.
 */
export function rememberDestinationAfterVerification(destination: string): void {
  try {
    if (destination === DEFAULT_DESTINATION) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, destination);
  } catch {
    // Storage can be disabled; the user then lands on the dashboard.
  }
}

export function takeDestinationAfterVerification(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    localStorage.removeItem(STORAGE_KEY);
    const parsed = customRedirectSchema.safeParse(stored);
    return parsed.success ? parsed.data : DEFAULT_DESTINATION;
  } catch {
    return DEFAULT_DESTINATION;
  }
}
