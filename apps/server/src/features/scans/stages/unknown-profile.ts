// Profiles on social networks the site catalog does not list: a fetched page that is one is assessed
// like a catalog profile (an impersonation finding, never a leak of its avatar), and a network where
// a handle or name like hers turns up gets her usernames' variants checked at its profile address.
import type { SiteKindName } from '@shark/contracts/findings.ts';
import { siteKeyOf } from '@shark/engine/discovery/site-key.ts';
import {
  assessProfile,
  type ImpersonationReason,
} from '@shark/engine/impersonation/assess-profile.ts';
import {
  detectProfilePage,
  linkedProfileAvatars,
} from '@shark/engine/impersonation/profile-page.ts';
import { checkTemplateProfile } from '@shark/engine/impersonation/template-profile-check.ts';
import { usernameVariants } from '@shark/engine/impersonation/username-variants.ts';
import type { NewTask, ScanRepository, ScanRow } from '#server/features/scans/scan-repository.ts';
import type { ScanMatcher } from '#server/features/scans/scan-matcher.ts';
import type { CrawlerPort, FindingsPort } from '#server/features/scans/scan-ports.ts';
import { FREE_SCAN_LIMITS, type ScanSettings } from '#server/features/scans/scan-settings.ts';
import { RetryableScanError, type StageOutcome } from '#server/features/scans/scan-task-runner.ts';
import { urlTaskKey } from '#server/features/scans/scan-urls.ts';
import { creatorFrom } from './creator-setup.ts';
import type { FetchPageInput } from './fetch-page-stage.ts';
import { throwIfNetworkFailure } from './fetch-failure.ts';
import { avatarEvidence } from './profile-avatar.ts';

const SOCIAL_NETWORK: SiteKindName = 'social-network';

/** What assessing a profile needs: its avatar fetched and matched, the whitelist, the findings. */
export interface ProfileAssessDeps {
  crawler: Pick<CrawlerPort, 'fetchMedia'>;
  matcher: ScanMatcher;
  findings: Pick<FindingsPort, 'record'>;
  /** Whether the creator's whitelist covers a URL (a whitelisted profile is the creator's own). */
  isWhitelisted: (userId: string, url: string) => Promise<boolean>;
}

export interface UnknownProfileDeps extends ProfileAssessDeps {
  settings: Pick<ScanSettings, 'variantsPerUsername'>;
}

/** A network known only by its address: its site key (as takedowns and findings key sites) and name. */
export interface UncataloguedNetwork {
  key: string;
  name: string;
}

export function networkOfUrl(url: string): UncataloguedNetwork {
  const key = siteKeyOf(url) ?? url;
  return { key, name: key };
}

/** What the profile stage's input carries for a network outside the catalog. */
export interface TemplateProfileInput {
  siteId: null;
  username: string;
  reason: string;
  profileUrlTemplate: string;
  siteName: string;
}

/** The task that checks one username at a learnt profile address, keyed by the network and username. */
export function templateProfileTask(
  network: UncataloguedNetwork & { profileUrlTemplate: string },
  candidate: { username: string; reason: string },
): NewTask {
  return {
    stage: 'profile',
    key: `net:${network.key}:${candidate.username.toLowerCase()}`,
    input: {
      siteId: null,
      username: candidate.username,
      reason: candidate.reason,
      profileUrlTemplate: network.profileUrlTemplate,
      siteName: network.name,
    } satisfies TemplateProfileInput,
  };
}

type Setup = Awaited<ReturnType<ScanRepository['setupOf']>>;

export interface UnknownProfileAssessment {
  own: boolean;
  impersonation: boolean;
  reasons: ImpersonationReason[];
  findingId: string | null;
}

/**
 * Assesses one profile on an uncatalogued network as the profile stage does a catalog one: a profile
 * the creator whitelisted is hers; its avatar is matched against her references; an impersonation is
 * recorded with the profile's page, so a takedown can go to the network like any page's.
 */
export async function assessUnknownProfile(
  deps: ProfileAssessDeps,
  context: { scan: Pick<ScanRow, 'id' | 'userId'>; setup: Setup; source: string },
  profile: {
    network: UncataloguedNetwork;
    url: string;
    username: string;
    displayName: string | null;
    avatarUrl: string | null;
  },
): Promise<UnknownProfileAssessment> {
  const { scan } = context;
  if (await deps.isWhitelisted(scan.userId, profile.url))
    return { own: true, impersonation: false, reasons: [], findingId: null };
  const creator = creatorFrom(context.setup);
  const {
    avatar,
    match: avatarMatch,
    showsHerFace,
  } = await avatarEvidence(deps, scan.userId, profile.avatarUrl);
  const verdict = assessProfile({
    creator: {
      usernames: creator.usernames,
      names: creator.names,
      ownAccounts: creator.ownAccounts,
    },
    profile: {
      platform: profile.network.key,
      username: profile.username,
      displayName: profile.displayName,
    },
    avatarMatchesReference: avatarMatch !== null,
    avatarShowsHerFace: showsHerFace,
  });
  if (verdict.isOwnAccount)
    return { own: true, impersonation: false, reasons: [], findingId: null };
  if (!verdict.isImpersonation)
    return { own: false, impersonation: false, reasons: verdict.reasons, findingId: null };
  const recorded = await deps.findings.record({
    userId: scan.userId,
    scanId: scan.id,
    kind: 'impersonation',
    pageUrl: profile.url,
    mediaUrl: profile.avatarUrl,
    pageTitle: profile.displayName,
    source: context.source,
    site: { id: null, name: profile.network.name, kind: SOCIAL_NETWORK },
    referenceFileId: avatarMatch?.referenceId ?? null,
    distance: avatarMatch?.distance ?? null,
    confidence: verdict.confidence,
    thumbnail: avatar,
    impersonation: {
      platform: profile.network.key,
      username: profile.username,
      displayName: profile.displayName,
      reasons: [...verdict.reasons],
    },
  });
  return { own: false, impersonation: true, reasons: verdict.reasons, findingId: recorded.id };
}

/**
 * The profile checks a network earns once a profile there shows her handle or name (or is hers): each
 * of her usernames and its likeliest variants, as many per username as on a catalog network. Task keys
 * make the plan once per network per scan, however many of its profiles lead to it.
 */
export function variantChecksOn(
  network: UncataloguedNetwork & { profileUrlTemplate: string },
  setup: Setup,
  scan: Pick<ScanRow, 'trigger'>,
  settings: Pick<ScanSettings, 'variantsPerUsername'>,
): NewTask[] {
  const max =
    scan.trigger === 'onboarding'
      ? FREE_SCAN_LIMITS.variantsPerUsername
      : settings.variantsPerUsername;
  const tasks = new Map<string, NewTask>();
  for (const username of creatorFrom(setup).usernames) {
    const candidates = [
      { username, reason: 'same-username' },
      ...usernameVariants(username, { max, platform: network.key }),
    ];
    for (const candidate of candidates) {
      const task = templateProfileTask(network, candidate);
      if (!tasks.has(task.key)) tasks.set(task.key, task);
    }
  }
  return [...tasks.values()];
}

/** Profiles whose avatars a page lists (a people search) that are followed, at most, per page. */
const LINKED_PROFILES_FOLLOWED = 10;

/**
 * What the fetch stage keeps of a page on an uncatalogued site that is a profile, or that lists
 * profiles with their avatars (a network's people search).
 */
export interface ProfileOnPage {
  /**
   * The page is a profile or a list of profiles: what names her there is assessed on the profiles,
   * so the page is not read for mentions.
   */
  isAboutProfiles: boolean;
  /** Not matched as leaks: a profile's own picture is evidence of impersonation, not a copy. */
  avatarUrls: string[];
  result: Record<string, unknown>;
}

/**
 * Reads a fetched page of a site outside the catalog as a profile: null when it is none. A profile is
 * assessed (and recorded when it impersonates her), and its network's variants planned when it calls
 * for them.
 */
export async function profileOnPage(
  deps: UnknownProfileDeps,
  context: {
    siteId: string | null;
    source: string;
    page: { finalUrl: string; html: string | null };
    scan: Pick<ScanRow, 'id' | 'userId' | 'trigger'>;
    setup: Setup;
    enqueue: (tasks: NewTask[]) => Promise<number>;
  },
): Promise<ProfileOnPage | null> {
  const { page } = context;
  if (context.siteId !== null || !page.html) return null;
  const found = detectProfilePage({ url: page.finalUrl, html: page.html });
  if (!found) return await linkedProfilesOnPage(context, page.html);
  const network = networkOfUrl(page.finalUrl);
  const assessed = await assessUnknownProfile(deps, context, {
    network,
    url: page.finalUrl,
    username: found.handle,
    displayName: found.displayName,
    avatarUrl: found.avatarUrl,
  });
  const isLikeHers =
    assessed.own ||
    assessed.reasons.includes('username-variant') ||
    assessed.reasons.includes('uses-name');
  let planned = 0;
  if (isLikeHers && found.profileUrlTemplate) {
    const withTemplate = { ...network, profileUrlTemplate: found.profileUrlTemplate };
    planned = await context.enqueue(
      variantChecksOn(withTemplate, context.setup, context.scan, deps.settings),
    );
  }
  return {
    isAboutProfiles: true,
    avatarUrls: found.avatarUrls,
    result: {
      handle: found.handle,
      signals: found.signals,
      own: assessed.own,
      impersonation: assessed.impersonation,
      findingId: assessed.findingId,
      profileChecksPlanned: planned,
    },
  };
}

/**
 * A page listing profiles with their avatars: the avatars are theirs (not leaks), and the profiles are
 * fetched in turn, to be assessed there.
 */
async function linkedProfilesOnPage(
  context: {
    source: string;
    page: { finalUrl: string };
    enqueue: (tasks: NewTask[]) => Promise<number>;
  },
  html: string,
): Promise<ProfileOnPage | null> {
  const linked = linkedProfileAvatars({ url: context.page.finalUrl, html });
  if (linked.length === 0) return null;
  const followed = linked.slice(0, LINKED_PROFILES_FOLLOWED).map((profile): NewTask => ({
    stage: 'fetch',
    key: urlTaskKey(profile.profileUrl),
    input: {
      url: profile.profileUrl,
      source: context.source,
      title: null,
      mediaHints: [],
      siteId: null,
      siteKind: 'other',
    } satisfies FetchPageInput,
  }));
  await context.enqueue(followed);
  return {
    isAboutProfiles: true,
    avatarUrls: linked.map((profile) => profile.avatarUrl),
    result: { linkedProfiles: linked.length, followed: followed.length },
  };
}

/** The page's media without its profile's avatar. */
export function withoutAvatar(media: string[], profile: ProfileOnPage | null): string[] {
  if (!profile) return media;
  const avatars = new Set(profile.avatarUrls.map(urlTaskKey));
  return media.filter((url) => !avatars.has(urlTaskKey(url)));
}

/**
 * The profile stage's work for a username on an uncatalogued network: its page at the learnt address,
 * read by the profile-page detector, then assessed as any profile there.
 */
export async function checkTemplateProfileTask(
  deps: ProfileAssessDeps & {
    crawler: CrawlerPort;
    repo: Pick<ScanRepository, 'setupOf'>;
    settings: Pick<ScanSettings, 'respectRobots'>;
  },
  input: {
    username: string;
    profileUrlTemplate?: string | undefined;
    siteName?: string | undefined;
  },
  scan: Pick<ScanRow, 'id' | 'userId'>,
): Promise<StageOutcome> {
  if (!input.profileUrlTemplate)
    return {
      status: 'failed',
      error: 'A profile check needs a catalog site or a profile address.',
    };
  let refusal: string | null = null;
  const checked = await checkTemplateProfile({
    profileUrlTemplate: input.profileUrlTemplate,
    username: input.username,
    fetchPage: async (url) => {
      const page = await deps.crawler.fetchPage(url, {
        respectRobots: deps.settings.respectRobots,
      });
      if (page.ok) return { status: page.status, finalUrl: page.finalUrl, html: page.html };
      if (page.reason === 'http-status')
        return { status: page.status ?? 0, finalUrl: url, html: null };
      throwIfNetworkFailure(page);
      refusal = page.message;
      return { status: 0, finalUrl: url, html: null };
    },
  });
  if (refusal !== null) return { status: 'skipped', error: refusal };
  const network = {
    ...networkOfUrl(checked.url),
    ...(input.siteName ? { name: input.siteName } : {}),
  };
  if (checked.outcome === 'unavailable')
    throw new RetryableScanError(
      `${network.name} did not answer for ${input.username} (HTTP ${checked.status}).`,
    );
  if (!checked.exists) return { status: 'done', result: { exists: false } };
  const assessed = await assessUnknownProfile(
    deps,
    { scan, setup: await deps.repo.setupOf(scan.userId), source: `profile:${network.key}` },
    {
      network,
      url: checked.url,
      username: input.username,
      displayName: checked.displayName,
      avatarUrl: checked.avatarUrl,
    },
  );
  return {
    status: 'done',
    result: {
      exists: true,
      ...(assessed.own ? { own: true } : { impersonation: assessed.impersonation }),
      ...(assessed.findingId ? { findingId: assessed.findingId } : {}),
    },
  };
}
