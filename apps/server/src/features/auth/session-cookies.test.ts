import { describe, expect, it } from 'vitest';
import { indicatorFor } from './session-cookies.ts';

describe('indicatorFor', () => {
  it('sets the indicator when a session cookie is set, with the same lifetime', () => {
    expect(
      indicatorFor(
        ['shark.session_token=abc.def; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax'],
        false,
      ),
    ).toBe('shark_logged_in=1; Max-Age=604800; Path=/; SameSite=Lax');
  });

  it('clears it when the session cookie is cleared, also for the __Secure- form', () => {
    expect(
      indicatorFor(['__Secure-shark.session_token=; Max-Age=0; Path=/; HttpOnly; Secure'], true),
    ).toBe('shark_logged_in=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  });

  it('leaves other answers alone', () => {
    expect(indicatorFor(['shark.state=xyz; Path=/'], false)).toBeUndefined();
    expect(indicatorFor([], false)).toBeUndefined();
  });
});
