import {
  FRONTEND_STATUSES,
  SPECIAL_FEATURES,
  type FrontendStatus,
  type SpecialFeature,
  type User,
} from '@shark/contracts/user.ts';
import { describe, expect, it } from 'vitest';
import {
  buildNavModel,
  navLinks,
  type NavItemId,
  type NavLink,
  type NavModel,
  type SidebarVariant,
} from '#app/features/navigation/nav-model.ts';
import { ACCESS_RULES, isAccessAllowed, isAffiliatePath } from '#app/lib/require-access.ts';
import { userWith } from '#app/testing/user-with.ts';

const VARIANTS: SidebarVariant[] = ['classic', 'grouped'];

function subsets<T>(items: readonly T[]): T[][] {
  return items.reduce<T[][]>(
    (all, item) => [...all, ...all.map((subset) => [...subset, item])],
    [[]],
  );
}

type Case = { user: User; variant: SidebarVariant; model: NavModel };

/** statuses × every feature subset × affiliate × variant × each flag on and off, message or not. */
function matrix(): Case[] {
  const cases: Case[] = [];
  for (const frontendStatus of FRONTEND_STATUSES)
    for (const effectiveSpecialFeatures of subsets(SPECIAL_FEATURES))
      for (const isAffiliateOnly of [false, true])
        for (const needsOnboarding of [false, true])
          // The server only reports cancelled-but-active for subscribers; the model is tested beyond that.
          for (const isCancelledButActive of [false, true])
            for (const suggestUpgradeCustomMessage of [null, 'Premium adds deep fake protection'])
              for (const shouldShowUpgrade of [false, true])
                for (const variant of VARIANTS) {
                  const user = userWith({
                    frontendStatus,
                    effectiveSpecialFeatures,
                    isAffiliateOnly,
                    needsOnboarding,
                    isCancelledButActive,
                    shouldShowUpgrade,
                    suggestUpgradeCustomMessage,
                  });
                  cases.push({ user, variant, model: buildNavModel(user, variant) });
                }
  return cases;
}

const CASES = matrix();

function find(model: NavModel, id: NavItemId): NavLink | undefined {
  return navLinks(model).find((item) => item.id === id);
}

const RULE_OF: Partial<Record<NavItemId, keyof typeof ACCESS_RULES>> = {
  promoProtect: 'promoProtect',
  takedownReport: 'takedownReport',
  reportLeaks: 'reportLeaks',
  reportImpersonation: 'reportImpersonation',
  goodToKnow: 'goodToKnow',
  brands: 'brands',
  whitelist: 'whitelist',
  searchTerms: 'searchTerms',
  branches: 'branches',
  fileUploads: 'fileUploads',
  dmcaBadges: 'dmcaBadges',
};

/** The items that look disabled for free and former users. */
const LOCKED_FOR_UNPAID: NavItemId[] = [
  'dashboard',
  'takedownReport',
  'reportLeaks',
  'reportImpersonation',
  'goodToKnow',
  'brands',
  'whitelist',
  'searchTerms',
  'branches',
  'fileUploads',
  'dmcaBadges',
];

const describeUser = ({ user, variant }: Case) =>
  `${variant} ${user.frontendStatus} [${user.effectiveSpecialFeatures.join(',')}] affiliate=${user.isAffiliateOnly} onboarding=${user.needsOnboarding} cancelled=${user.isCancelledButActive} upgrade=${user.shouldShowUpgrade}`;

describe('buildNavModel over the whole matrix', () => {
  it('covers every combination', () => {
    expect(CASES).toHaveLength(3 * 32 * 2 * 2 * 2 * 2 * 2 * 2);
  });

  it('agrees with the access guard: enabled exactly when the guard allows (Dashboard aside)', () => {
    for (const testCase of CASES) {
      for (const item of navLinks(testCase.model)) {
        const rule = RULE_OF[item.id];
        const isAllowed = isAccessAllowed(
          testCase.user,
          rule === undefined ? undefined : ACCESS_RULES[rule],
        );
        if (item.id === 'dashboard') {
          expect(item.isDisabled, describeUser(testCase)).toBe(
            testCase.user.frontendStatus !== 'subscribed',
          );
          continue;
        }
        expect(item.isDisabled, `${item.id} for ${describeUser(testCase)}`).toBe(!isAllowed);
      }
    }
  });

  it('shows affiliate-only users nothing the guard would send back to /refer, and no plan prompts', () => {
    for (const testCase of CASES.filter((c) => c.user.isAffiliateOnly)) {
      const links = navLinks(testCase.model);
      expect(links.every((item) => isAffiliatePath(item.to))).toBe(true);
      expect(links.map((item) => item.to).sort()).toEqual(
        ['/community', '/notifications', '/refer', '/refer/refer-aff-tos', '/refer/tips'].sort(),
      );
      expect(testCase.model.status).toBeNull();
      expect(testCase.model.callToAction).toBeNull();
    }
  });

  it('disables the locked items for unpaid users unless a feature or the guard unlocks them', () => {
    for (const testCase of CASES.filter(
      (c) => !c.user.isAffiliateOnly && c.user.frontendStatus !== 'subscribed',
    )) {
      const { user, model } = testCase;
      for (const id of LOCKED_FOR_UNPAID) {
        const item = find(model, id);
        if (
          id === 'fileUploads' &&
          !user.effectiveSpecialFeatures.includes('explicitlyShowUploadFiles')
        ) {
          expect(item).toBeUndefined();
          continue;
        }
        const isUnlockedByPromo =
          ['brands', 'whitelist', 'searchTerms', 'branches'].includes(id) &&
          user.effectiveSpecialFeatures.includes('promoProtect');
        const isFormerFaq = id === 'goodToKnow' && user.frontendStatus === 'former';
        expect(item?.isDisabled, `${id} for ${describeUser(testCase)}`).toBe(
          !(isUnlockedByPromo || isFormerFaq),
        );
      }
    }
  });

  it('enables everything a subscriber with every feature may open', () => {
    for (const variant of VARIANTS) {
      const model = buildNavModel(
        userWith({ frontendStatus: 'subscribed', effectiveSpecialFeatures: [...SPECIAL_FEATURES] }),
        variant,
      );
      expect(navLinks(model).filter((item) => item.isDisabled)).toEqual([]);
    }
  });

  it('shows Free Removals only to free users with promoProtect', () => {
    for (const testCase of CASES.filter((c) => !c.user.isAffiliateOnly)) {
      const { user, model } = testCase;
      const expected =
        user.frontendStatus === 'free' && user.effectiveSpecialFeatures.includes('promoProtect');
      const item = find(model, 'promoProtect');
      expect(item !== undefined, describeUser(testCase)).toBe(expected);
      if (item) expect(item.isDisabled).toBe(false);
    }
  });

  it('shows Uploaded Files only with explicitlyShowUploadFiles', () => {
    for (const testCase of CASES.filter((c) => !c.user.isAffiliateOnly)) {
      expect(find(testCase.model, 'fileUploads') !== undefined, describeUser(testCase)).toBe(
        testCase.user.effectiveSpecialFeatures.includes('explicitlyShowUploadFiles'),
      );
    }
  });

  it("shows 'Start Here' only in the grouped variant, to subscribers who need onboarding", () => {
    for (const testCase of CASES) {
      const { user, variant, model } = testCase;
      const startHere = find(model, 'startHere');
      expect(startHere !== undefined, describeUser(testCase)).toBe(
        variant === 'grouped' &&
          !user.isAffiliateOnly &&
          user.needsOnboarding &&
          user.frontendStatus === 'subscribed',
      );
      if (startHere) expect(startHere).toMatchObject({ to: '/onboarding', label: 'Start Here' });
      if (variant === 'grouped') expect(find(model, 'onboarding')).toBeUndefined();
      else {
        expect(startHere).toBeUndefined();
        expect(find(model, 'onboarding') !== undefined).toBe(
          user.needsOnboarding && !user.isAffiliateOnly,
        );
      }
    }
  });

  it('links the same routes in both variants, with different group labels and wording', () => {
    for (const status of FRONTEND_STATUSES) {
      const user = userWith({
        frontendStatus: status,
        effectiveSpecialFeatures: [...SPECIAL_FEATURES],
        needsOnboarding: true,
      });
      const classic = buildNavModel(user, 'classic');
      const grouped = buildNavModel(user, 'grouped');
      const routes = (model: NavModel) =>
        navLinks(model)
          .map((item) => item.to)
          .sort();
      // Classic always has Onboarding while it is needed; grouped's Start Here is for subscribers only.
      const withoutOnboarding = (paths: string[]) => paths.filter((path) => path !== '/onboarding');
      expect(withoutOnboarding(routes(classic))).toEqual(withoutOnboarding(routes(grouped)));
      expect(classic.groups.map((group) => group.label)).toEqual([null, 'Settings', 'Extras']);
      expect(grouped.groups.map((group) => group.label)).toEqual([
        null,
        'Content Removal',
        'Configuration',
        'Add-ons',
      ]);
      const labels = (model: NavModel) => navLinks(model).map((item) => item.label);
      expect(labels(classic)).not.toEqual(labels(grouped));
    }
  });

  it('uses the classic page names in the classic variant', () => {
    const model = buildNavModel(
      userWith({
        frontendStatus: 'free',
        effectiveSpecialFeatures: ['promoProtect', 'explicitlyShowUploadFiles'],
      }),
      'classic',
    );
    const byTo = Object.fromEntries(navLinks(model).map((item) => [item.to, item.label]));
    expect(byTo).toMatchObject({
      '/promo-protect': 'Free Removals',
      '/brands': 'Accounts',
      '/search-terms': 'Search Engines',
      '/branches': 'Your Content',
      '/file-uploads': 'Uploaded Files',
      '/risk-registry': 'Scam Registry',
    });
  });

  it('shows at most one status entry: former, then cancelled, then a suggested upgrade', () => {
    for (const testCase of CASES.filter((c) => !c.user.isAffiliateOnly)) {
      const { user, model } = testCase;
      const expected =
        user.frontendStatus === 'former'
          ? { label: 'Reactivate Subscription', badge: 'Alert', to: '/plans' }
          : user.isCancelledButActive
            ? { label: 'Plan Cancelled', badge: 'Reactivate', to: '/account' }
            : user.shouldShowUpgrade
              ? { label: 'Upgrade Plan', badge: 'Recommended', to: '/plans' }
              : null;
      if (expected === null) expect(model.status, describeUser(testCase)).toBeNull();
      else expect(model.status, describeUser(testCase)).toMatchObject(expected);
    }
  });

  it('picks one call to action: renew, reactivate, upgrade (with its message), get started', () => {
    for (const testCase of CASES.filter((c) => !c.user.isAffiliateOnly)) {
      const { user, model } = testCase;
      const cta = model.callToAction;
      if (user.frontendStatus === 'former') {
        expect(cta).toMatchObject({ kind: 'former', action: 'Renew Subscription', to: '/plans' });
      } else if (user.isCancelledButActive) {
        expect(cta).toMatchObject({ kind: 'cancelled', action: 'Reactivate Now', to: '/account' });
      } else if (user.shouldShowUpgrade) {
        expect(cta).toMatchObject({ kind: 'upgrade', action: 'Upgrade Now', to: '/plans' });
        if (user.suggestUpgradeCustomMessage) {
          expect(cta?.description).toBe(user.suggestUpgradeCustomMessage);
        }
      } else if (user.frontendStatus === 'free') {
        expect(cta).toMatchObject({ kind: 'new', action: 'Get Started', to: '/plans' });
      } else {
        expect(cta, describeUser(testCase)).toBeNull();
      }
    }
  });

  it('uses the toast of the active variant for locked items', () => {
    for (const testCase of CASES) {
      expect(testCase.model.lockedToast).toEqual(
        testCase.variant === 'classic'
          ? {
              title: 'Upgrade required',
              description: 'This feature requires a higher-level paid plan.',
              action: 'Upgrade',
              to: '/plans',
            }
          : {
              title: 'Feature locked',
              description: 'Available on a higher plan.',
              action: 'See plans',
              to: '/plans',
            },
      );
    }
  });

  it('keeps the user menu fixed: Account, Notifications, Plans, Community, Help', () => {
    const model = buildNavModel(userWith({}), 'grouped');
    expect(model.userMenu.map((item) => [item.label, item.to])).toEqual([
      ['Account', '/account'],
      ['Notifications', '/notifications'],
      ['Plans', '/plans'],
      ['Community', '/community'],
      ['Help', '/support'],
    ]);
  });

  it('drops groups that end up empty and nests the referral pages under one entry', () => {
    const model = buildNavModel(userWith({ isAffiliateOnly: true }), 'classic');
    expect(model.groups.map((group) => group.label)).toEqual(['Extras']);
    const affiliate = model.groups[0]?.entries.find((entry) => entry.kind === 'collapsible');
    expect(affiliate).toMatchObject({ label: 'Affiliate Program', to: '/refer' });
    expect(affiliate?.kind === 'collapsible' && affiliate.children.map((c) => c.to)).toEqual([
      '/refer',
      '/refer/tips',
      '/refer/refer-aff-tos',
    ]);
  });
});

describe('buildNavModel examples', () => {
  const example = (
    status: FrontendStatus,
    features: SpecialFeature[],
    overrides: Partial<User> = {},
  ) =>
    buildNavModel(
      userWith({ frontendStatus: status, effectiveSpecialFeatures: features, ...overrides }),
      'grouped',
    );

  it('a new free user: most of the product locked, Get Started offered', () => {
    const model = example('free', []);
    const locked = navLinks(model)
      .filter((item) => item.isDisabled)
      .map((item) => item.to);
    expect(locked).toEqual([
      '/dashboard',
      '/good-to-know',
      '/takedown-report',
      '/report-leaks',
      '/report-impersonation',
      '/brands',
      '/whitelist',
      '/search-terms',
      '/branches',
      '/dmca-badges',
    ]);
    expect(model.callToAction?.action).toBe('Get Started');
    expect(model.status).toBeNull();
  });

  it('a free user with promoProtect: Free Removals and the configuration pages open', () => {
    const model = example('free', ['promoProtect']);
    const open = navLinks(model)
      .filter((item) => !item.isDisabled)
      .map((item) => item.to);
    expect(open).toEqual(
      expect.arrayContaining([
        '/promo-protect',
        '/brands',
        '/whitelist',
        '/search-terms',
        '/branches',
      ]),
    );
    expect(find(model, 'reportLeaks')?.isDisabled).toBe(true);
  });

  it('a standard subscriber: Report Impersonation stays locked without the feature', () => {
    const model = example('subscribed', ['submitLeak']);
    expect(find(model, 'reportLeaks')?.isDisabled).toBe(false);
    expect(find(model, 'reportImpersonation')?.isDisabled).toBe(true);
    expect(find(model, 'dashboard')?.isDisabled).toBe(false);
    expect(model.callToAction).toBeNull();
  });

  it('an upgrade suggestion without a message gets a general one', () => {
    const model = example('subscribed', [], { shouldShowUpgrade: true });
    expect(model.callToAction?.description).toBe(
      'A higher plan removes more of your leaked content, faster.',
    );
  });
});
