// Marketing: the Social Share texts and images and the welcome package (with its PDF), made from the
// brand (name, colours, logo, links), her badge and her own set-up. Everything is per signed-in user.
import {
  SHARE_IMAGE_FORMATS,
  SHARE_IMAGE_SIZES,
  type MarketingBadge,
  type ShareImageFormat,
  type SocialShare,
  type WelcomeChecklistItem,
  type WelcomePackage,
} from '@shark/contracts/marketing.ts';
import { LIMIT_NOUNS, type LimitName, type PlanCatalog } from '@shark/contracts/plans.ts';
import type { SpecialFeature } from '@shark/contracts/user.ts';
import { brandAppUrl, type BrandConfig } from '#server/config/brands.ts';
import type { AccountState } from '#server/features/user/account-state-repository.ts';
import { describeAmount, tierOf } from '#server/features/entitlements/entitlements.ts';
import type { UsageRepository } from '#server/features/entitlements/usage-repository.ts';
import { logoPng, readLogoFile } from './brand-assets.ts';
import type { MarketingRepository } from './marketing-repository.ts';
import { renderShareImage } from './share-image.ts';
import { sharePosts } from './share-texts.ts';
import { renderWelcomePdf } from './welcome-pdf.ts';

export interface MarketingServiceDeps {
  repo: MarketingRepository;
  usage: Pick<UsageRepository, 'usernames' | 'searchTerms' | 'whitelistEntries'>;
  accountStates: { findState(userId: string): Promise<AccountState> };
  catalog: PlanCatalog;
  planFeatures: Record<string, readonly SpecialFeature[]>;
  publicUrl: string;
  /** PROMO_FREE_REMOVALS, said in the package of a promoProtect user. */
  freeRemovals: number;
  /** Where the brands' logo files are looked for (the built web app, then its public folder). */
  logoDirectories: readonly string[];
  now?: () => Date;
}

export interface Creator {
  id: string;
  name: string;
  email: string;
}

const SHOWN_LIMITS: LimitName[] = [
  'usernames',
  'searchTerms',
  'scansPerMonth',
  'manualRemovalsPerMonth',
  'referenceStorageBytes',
];

const FEATURE_TEXT: Record<string, string> = {
  submitLeak: 'Report leaks you find yourself',
  searchEngineRemovals: 'Removal from search engines',
  impersonation: 'Reports of fake profiles that impersonate you',
  explicitlyShowUploadFiles: 'Reference file uploads',
  priorityManualRemovals: 'Priority manual removals',
  deepfakeProtection: 'Deep fake protection',
  fakeAccountTakedowns: 'Fake account takedowns',
  impersonationProtection: 'Impersonation protection',
  darkWebScanning: 'Dark web scanning',
  prioritySupport: 'Priority support',
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'brand';

export function shareImageFileName(brandName: string, format: ShareImageFormat): string {
  const { width, height } = SHARE_IMAGE_SIZES[format];
  return `${slug(brandName)}-protected-${format}-${width}x${height}.png`;
}

export function welcomePdfFileName(brandName: string): string {
  return `${slug(brandName)}-welcome-package.pdf`;
}

export function createMarketingService(deps: MarketingServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function badgeOf(
    userId: string,
    state: AccountState,
    brand: BrandConfig,
  ): Promise<MarketingBadge> {
    const publicId = await repo.badgePublicId(userId);
    // The verification page confirms protection only while she is subscribed (features/dmca-badges).
    if (state.status !== 'subscribed') return { state: 'not_protected', publicId, verifyUrl: null };
    if (!publicId) return { state: 'not_created', publicId: null, verifyUrl: null };
    return {
      state: 'ready',
      publicId,
      verifyUrl: `${brandAppUrl(brand, deps.publicUrl)}/verified/${publicId}`,
    };
  }

  function linkOf(badge: MarketingBadge, brand: BrandConfig): string {
    return badge.verifyUrl ?? brandAppUrl(brand, deps.publicUrl);
  }

  async function logo(brand: BrandConfig, size: number): Promise<Buffer | null> {
    return logoPng(readLogoFile(brand.logoUrl, deps.logoDirectories), size);
  }

  function includes(state: AccountState): string[] {
    const tier = tierOf(state);
    const entry = deps.catalog.tiers[tier];
    const granted = new Set<SpecialFeature>([
      ...(state.status === 'subscribed' && state.plan ? (deps.planFeatures[state.plan] ?? []) : []),
      ...state.grantedFeatures,
    ]);
    const lines: string[] = [];
    if (state.status === 'subscribed') {
      lines.push(
        'Scans of search engines and sites for copies of your content',
        'DMCA takedown notices sent in your name, followed until each copy is removed',
      );
      for (const limit of SHOWN_LIMITS) {
        const value = entry.limits[limit];
        if (value === 0) continue;
        lines.push(
          value === null
            ? limit === 'referenceStorageBytes'
              ? 'Unlimited reference storage'
              : `Unlimited ${LIMIT_NOUNS[limit].many}`
            : describeAmount(limit, value),
        );
      }
    }
    if (granted.has('promoProtect') && state.status !== 'subscribed' && deps.freeRemovals > 0) {
      lines.push(
        `${deps.freeRemovals} free ${deps.freeRemovals === 1 ? 'removal' : 'removals'} of leaks you report (Free Removals)`,
      );
    }
    for (const feature of granted) {
      const text = FEATURE_TEXT[feature];
      if (text) lines.push(text);
    }
    for (const perk of entry.perks) {
      const text = FEATURE_TEXT[perk];
      if (text && !lines.includes(text)) lines.push(text);
    }
    if (lines.length === 0) lines.push('Nothing yet: choose a plan to protect your content.');
    return lines;
  }

  function checklist(
    state: AccountState,
    setup: WelcomePackage['setup'],
    badge: MarketingBadge,
  ): WelcomeChecklistItem[] {
    const isSubscribed = state.status === 'subscribed';
    return [
      {
        step: 'plan',
        title: 'Choose your plan',
        description: 'Your plan decides how many usernames, search terms and removals are covered.',
        isDone: isSubscribed,
        href: '/plans',
        action: isSubscribed ? 'See your plan' : 'Choose a plan',
      },
      {
        step: 'accounts',
        title: 'Add your accounts',
        description: 'The usernames you publish under: scans look for copies of what they post.',
        isDone: setup.usernames > 0,
        href: '/brands',
        action: 'Go to Accounts',
      },
      {
        step: 'content',
        title: 'Add your content',
        description:
          'Reference files let us prove a copy is yours by comparing pictures and videos.',
        isDone: setup.referenceFiles > 0,
        href: '/branches',
        action: 'Go to Your Content',
      },
      {
        step: 'searchTerms',
        title: 'Add search terms',
        description: 'Names and words leakers use for your content, searched on every scan.',
        isDone: setup.searchTerms > 0,
        href: '/search-terms',
        action: 'Go to Search Engines',
      },
      {
        step: 'authorization',
        title: 'Sign your agent authorisation',
        description: 'It lets us send takedown notices in your name; none goes out before it.',
        isDone: setup.isAuthorizationSigned,
        href: '/account#agent-authorization',
        action: 'Sign the authorisation',
      },
      {
        step: 'badge',
        title: 'Show your DMCA badge',
        description:
          'Put the badge on your pages: it warns leakers and lets fans check your protection.',
        isDone: badge.state === 'ready',
        href: '/dmca-badges',
        action: 'Go to DMCA Badges',
      },
    ];
  }

  async function welcomePackage(creator: Creator, brand: BrandConfig): Promise<WelcomePackage> {
    const state = await deps.accountStates.findState(creator.id);
    const tier = tierOf(state);
    const limits = deps.catalog.tiers[tier].limits;
    const [
      usernames,
      searchTerms,
      whitelistEntries,
      referenceFiles,
      isAuthorizationSigned,
      counts,
      badge,
    ] = await Promise.all([
      deps.usage.usernames(creator.id),
      deps.usage.searchTerms(creator.id),
      deps.usage.whitelistEntries(creator.id),
      repo.readyReferenceFiles(creator.id),
      repo.hasActiveAuthorization(creator.id),
      repo.takedownCounts(creator.id),
      badgeOf(creator.id, state, brand),
    ]);
    const setup: WelcomePackage['setup'] = {
      usernames,
      usernamesLimit: limits.usernames,
      searchTerms,
      searchTermsLimit: limits.searchTerms,
      referenceFiles,
      whitelistEntries,
      isAuthorizationSigned,
      takedowns: counts.takedowns,
      removed: counts.removed,
    };
    return {
      brandName: brand.name,
      brandUrl: brandAppUrl(brand, deps.publicUrl),
      contactUrl: brand.links.contact,
      creatorName: creator.name.trim() || creator.email,
      plan: {
        status: state.status,
        tier,
        tierName: deps.catalog.tiers[tier].name,
        includes: includes(state),
      },
      setup,
      badge,
      checklist: checklist(state, setup, badge),
    };
  }

  return {
    async socialShare(userId: string, brand: BrandConfig): Promise<SocialShare> {
      const state = await deps.accountStates.findState(userId);
      const badge = await badgeOf(userId, state, brand);
      return {
        brandName: brand.name,
        brandUrl: brandAppUrl(brand, deps.publicUrl),
        badge,
        posts: sharePosts({
          brandName: brand.name,
          link: linkOf(badge, brand),
          hasBadge: badge.state === 'ready',
        }),
        images: SHARE_IMAGE_FORMATS.map((format) => ({
          format,
          ...SHARE_IMAGE_SIZES[format],
          fileName: shareImageFileName(brand.name, format),
        })),
      };
    },

    async shareImage(
      userId: string,
      brand: BrandConfig,
      format: ShareImageFormat,
    ): Promise<{ png: Buffer; fileName: string }> {
      const state = await deps.accountStates.findState(userId);
      const badge = await badgeOf(userId, state, brand);
      const { width, height } = SHARE_IMAGE_SIZES[format];
      const png = await renderShareImage({
        format,
        brandName: brand.name,
        theme: brand.theme,
        link: linkOf(badge, brand),
        hasBadge: badge.state === 'ready',
        logo: await logo(brand, Math.round(Math.min(width, height) * 0.3)),
      });
      return { png, fileName: shareImageFileName(brand.name, format) };
    },

    welcomePackage,

    async welcomePdf(
      creator: Creator,
      brand: BrandConfig,
    ): Promise<{ pdf: Buffer; fileName: string }> {
      const welcome = await welcomePackage(creator, brand);
      const pdf = await renderWelcomePdf({
        welcome,
        theme: brand.theme,
        logo: await logo(brand, 192),
        generatedAt: now(),
      });
      return { pdf, fileName: welcomePdfFileName(brand.name) };
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
