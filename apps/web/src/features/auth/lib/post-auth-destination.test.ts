import { describe, expect, it } from 'vitest';
import { destinationAfterAuth } from '#app/features/auth/lib/post-auth-destination.ts';

describe('destinationAfterAuth', () => {
  it('prefers customRedirect, then the custom offer, then the dashboard', () => {
    expect(destinationAfterAuth({ customRedirect: '/plans', customOfferId: 'o1' })).toBe('/plans');
    expect(destinationAfterAuth({ customOfferId: 'offer 1&x' })).toBe(
      '/claim-offer?customOfferId=offer+1%26x',
    );
    expect(destinationAfterAuth({})).toBe('/dashboard');
  });
});
