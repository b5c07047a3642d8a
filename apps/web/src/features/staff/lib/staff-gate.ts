// The staff area's guard: creators and strangers never learn it exists (the not-found view), the
// signed-out sign in first, and staff without two-factor see only its set-up page.
import type { StaffMe } from '@shark/contracts/staff.ts';
import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { isApiClientError } from '#app/lib/api.ts';
import { staffMeQueryOptions } from '#app/lib/queries/get-staff-me.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';
import { clearLoggedInCookie, hasLoggedInCookie } from '#app/lib/session-cookie.ts';

export const TWO_FACTOR_SETUP_PATH = '/staff/two-factor';

export type StaffGateOutcome = 'open' | 'set-up-two-factor' | 'leave-set-up';

/** Where a staff member may go: nowhere but the set-up until two-factor is on, and not back to it after. */
export function staffGateOutcome(staff: StaffMe, pathname: string): StaffGateOutcome {
  const isSetUpPage = pathname.replace(/\/+$/, '') === TWO_FACTOR_SETUP_PATH;
  if (!staff.twoFactorEnabled) return isSetUpPage ? 'open' : 'set-up-two-factor';
  return isSetUpPage ? 'leave-set-up' : 'open';
}

type GuardContext = {
  queryClient: QueryClient;
  location: { pathname: string; href: string };
};

/** The router expects its redirect or not-found to be thrown. */
function throwIt(target: unknown): never {
  throw target;
}

function toSignIn(location: GuardContext['location']): never {
  return throwIt(redirect({ to: '/sign-in', search: { customRedirect: location.href } }));
}

/** Whether a session exists: the staff API answers 404 alike to the signed-out and to creators. */
async function isSignedIn(queryClient: QueryClient): Promise<boolean> {
  try {
    await queryClient.ensureQueryData(userQueryOptions);
    return true;
  } catch (error) {
    if (isApiClientError(error) && error.status === 401) {
      clearLoggedInCookie();
      return false;
    }
    throw error;
  }
}

export async function requireStaff({ queryClient, location }: GuardContext): Promise<StaffMe> {
  if (!hasLoggedInCookie()) toSignIn(location);
  let staff: StaffMe;
  try {
    staff = await queryClient.fetchQuery(staffMeQueryOptions);
  } catch (error) {
    if (!isApiClientError(error) || error.status !== 404) throw error;
    if (!(await isSignedIn(queryClient))) toSignIn(location);
    throwIt(notFound());
  }
  switch (staffGateOutcome(staff, location.pathname)) {
    case 'set-up-two-factor':
      return throwIt(redirect({ to: TWO_FACTOR_SETUP_PATH }));
    case 'leave-set-up':
      return throwIt(redirect({ to: '/staff' }));
    case 'open':
      return staff;
  }
}
