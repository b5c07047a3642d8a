// The signed-in user of a request, for routes that need one.
import type { Context } from 'hono';
import type { Auth } from '#server/features/auth/auth.ts';
import { AppError } from './app-error.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  isAffiliateOnly: boolean;
}

/** The session's user, or null when there is none. */
export async function findSessionUser(auth: Auth, c: Context): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    isAffiliateOnly: user.isAffiliateOnly === true,
  };
}

export async function requireSessionUser(auth: Auth, c: Context): Promise<SessionUser> {
  const user = await findSessionUser(auth, c);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in.');
  return user;
}
