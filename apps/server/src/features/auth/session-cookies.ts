// Keeps the SPA's readable "logged in" indicator cookie in step with the HttpOnly session cookie.
import { AUTH_COOKIE_PREFIX, LOGGED_IN_COOKIE } from '@shark/contracts/http.ts';

const SESSION_COOKIE = new RegExp(
  `^(?:__Secure-)?${AUTH_COOKIE_PREFIX.replace('.', '\\.')}\\.session_token=([^;]*)(.*)$`,
  'i',
);

export function indicatorCookie(
  loggedIn: boolean,
  secure: boolean,
  maxAgeSeconds = 7 * 24 * 60 * 60,
): string {
  const attributes = ['Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return loggedIn
    ? [`${LOGGED_IN_COOKIE}=1`, `Max-Age=${maxAgeSeconds}`, ...attributes].join('; ')
    : [`${LOGGED_IN_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ');
}

/** Given the Set-Cookie lines of an auth answer, the indicator cookie to add, if any. */
export function indicatorFor(setCookies: string[], secure: boolean): string | undefined {
  for (const line of setCookies) {
    const match = SESSION_COOKIE.exec(line);
    if (!match) continue;
    const value = match[1] ?? '';
    const attributes = match[2] ?? '';
    const maxAge = /max-age=(-?\d+)/i.exec(attributes);
    const cleared = value === '' || (maxAge !== null && Number(maxAge[1]) <= 0);
    if (cleared) return indicatorCookie(false, secure);
    return indicatorCookie(true, secure, maxAge ? Number(maxAge[1]) : undefined);
  }
  return undefined;
}
