import { describe, expect, it } from 'vitest';
import { ACCESS_RULES, isAccessAllowed, isAffiliatePath } from '#app/lib/require-access.ts';
import { userWith } from '#app/testing/user-with.ts';

describe('isAccessAllowed', () => {
  it('allows any signed-in user when there is no requirement', () => {
    expect(isAccessAllowed(userWith({ frontendStatus: 'former' }))).toBe(true);
  });

  it('requires one of the listed statuses', () => {
    expect(
      isAccessAllowed(userWith({ frontendStatus: 'subscribed' }), ACCESS_RULES.dmcaBadges),
    ).toBe(true);
    expect(isAccessAllowed(userWith({ frontendStatus: 'free' }), ACCESS_RULES.dmcaBadges)).toBe(
      false,
    );
    expect(isAccessAllowed(userWith({ frontendStatus: 'former' }), ACCESS_RULES.goodToKnow)).toBe(
      true,
    );
    expect(isAccessAllowed(userWith({ frontendStatus: 'free' }), ACCESS_RULES.goodToKnow)).toBe(
      false,
    );
  });

  it('requires the status and every feature together', () => {
    const rule = ACCESS_RULES.reportLeaks;
    expect(isAccessAllowed(userWith({ frontendStatus: 'subscribed' }), rule)).toBe(false);
    expect(
      isAccessAllowed(
        userWith({ frontendStatus: 'free', effectiveSpecialFeatures: ['submitLeak'] }),
        rule,
      ),
    ).toBe(false);
    expect(
      isAccessAllowed(
        userWith({ frontendStatus: 'subscribed', effectiveSpecialFeatures: ['submitLeak'] }),
        rule,
      ),
    ).toBe(true);
  });

  it('grants access through the alternative condition', () => {
    const rule = ACCESS_RULES.whitelist;
    expect(isAccessAllowed(userWith({ frontendStatus: 'subscribed' }), rule)).toBe(true);
    expect(
      isAccessAllowed(
        userWith({ frontendStatus: 'free', effectiveSpecialFeatures: ['promoProtect'] }),
        rule,
      ),
    ).toBe(true);
    expect(isAccessAllowed(userWith({ frontendStatus: 'former' }), rule)).toBe(false);
  });

  it('lets a feature-only rule ignore the status', () => {
    const rule = ACCESS_RULES.promoProtect;
    expect(
      isAccessAllowed(
        userWith({ frontendStatus: 'former', effectiveSpecialFeatures: ['promoProtect'] }),
        rule,
      ),
    ).toBe(true);
    expect(isAccessAllowed(userWith({ frontendStatus: 'subscribed' }), rule)).toBe(false);
  });
});

describe('isAffiliatePath', () => {
  it('accepts the affiliate pages and what lies under them', () => {
    for (const path of [
      '/refer',
      '/refer/',
      '/refer/tips',
      '/account',
      '/plans',
      '/notifications',
      '/community',
      '/support',
      '/support/new',
    ]) {
      expect(isAffiliatePath(path), path).toBe(true);
    }
  });

  it('rejects other pages, including look-alike prefixes', () => {
    for (const path of ['/dashboard', '/referrals', '/accounts', '/', '/onboarding']) {
      expect(isAffiliatePath(path), path).toBe(false);
    }
  });
});
