import { describe, expect, it } from 'vitest';
import { hasLoggedInCookie } from '#app/lib/session-cookie.ts';

describe('hasLoggedInCookie', () => {
  it('finds the indicator among other cookies', () => {
    expect(hasLoggedInCookie('theme=dark; shark_logged_in=1; sidebar_state=true')).toBe(true);
    expect(hasLoggedInCookie('shark_logged_in=1')).toBe(true);
  });

  it('ignores an empty value and cookies whose names only contain it', () => {
    expect(hasLoggedInCookie('shark_logged_in=')).toBe(false);
    expect(hasLoggedInCookie('xshark_logged_in=1; shark_logged_in_old=1')).toBe(false);
    expect(hasLoggedInCookie('')).toBe(false);
  });
});
