// The readable logged-in indicator cookie: only a hint that a session probably exists.
import { LOGGED_IN_COOKIE } from '@shark/contracts/http-mini.ts';

export function hasLoggedInCookie(cookieHeader: string = document.cookie): boolean {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .some((part) => {
      const separator = part.indexOf('=');
      if (separator === -1) return false;
      return part.slice(0, separator) === LOGGED_IN_COOKIE && part.slice(separator + 1) !== '';
    });
}

/** Drops a stale indicator after the server said the session is gone, so public pages stop offering the dashboard. */
export function clearLoggedInCookie(): void {
  document.cookie = `${LOGGED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
