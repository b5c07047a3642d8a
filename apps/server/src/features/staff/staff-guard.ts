// The gate of every staff API: a signed-in staff member with TOTP two-factor on, and the role the route
// needs. Everyone else — signed out or a creator — gets 404, as if the staff side did not exist.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { StaffMe, StaffRole } from '@shark/contracts/staff.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import { findSessionUser } from '#server/http/session.ts';
import type { StaffActor } from './staff-audit.ts';
import type { StaffService } from './staff-service.ts';

export type StaffEnv = { Variables: AppEnv['Variables'] & { staff: StaffMe } };

export const TWO_FACTOR_REQUIRED =
  'Turn on two-factor authentication (an authenticator app) before using the staff console.';

const NOT_FOUND = 'Not found.';

export interface StaffGuardOptions {
  /** admin-only routes: an agent gets 403. Default: any staff role. */
  role?: StaffRole;
  /** Only the call that tells the console whether two-factor is on. */
  allowWithoutTwoFactor?: boolean;
}

export function staffGuard(
  deps: { auth: Auth; staff: StaffService },
  options: StaffGuardOptions = {},
) {
  return createMiddleware<StaffEnv>(async (c, next) => {
    const user = await findSessionUser(deps.auth, c);
    const staff = user ? await deps.staff.access(user.id) : null;
    if (!staff) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (!staff.twoFactorEnabled && !options.allowWithoutTwoFactor)
      throw new AppError('FORBIDDEN', TWO_FACTOR_REQUIRED);
    if (options.role === 'admin' && staff.role !== 'admin')
      throw new AppError('FORBIDDEN', 'Only an admin can do this.');
    c.set('staff', staff);
    await next();
  });
}

/** The acting staff member of a guarded request, for the audit log. */
export function staffActor(c: Context<StaffEnv>): StaffActor {
  const staff = c.get('staff');
  return { userId: staff.userId, email: staff.email, ipAddress: c.get('clientIp') ?? null };
}
