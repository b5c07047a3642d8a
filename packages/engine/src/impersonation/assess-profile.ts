// Whether a social-network profile poses as the creator: what name it shows, whether its picture is
// one of the creator's, and whether its handle is a variant of hers. A look-alike handle alone is
// not enough (somebody else may simply be called that); the profile must use her name or pictures.
import {
  compactName,
  findNameInWords,
  foldConfusables,
  matchWords,
} from '../matching/text-match.ts';
import { canonicalPlatform, normalizeHandle } from './handle-rules.ts';
import { usernameVariants } from './username-variants.ts';

export type ImpersonationReason = 'uses-name' | 'uses-picture' | 'uses-face' | 'username-variant';

export interface CreatorIdentity {
  /** The creator's usernames on any platform, as typed. */
  usernames: readonly string[];
  /** The names she goes by ("Jane Doe"). */
  names: readonly string[];
  /**
   * Her own accounts (the exact handles she listed): never an impersonation. A handle counts as
   * hers only on its own platform; the same handle elsewhere may well be an impersonator.
   */
  ownAccounts?: readonly { platform: string; username: string }[];
}

export interface ProfileIdentity {
  /** The platform or catalog site id (instagram, x, telegram-preview…). */
  platform?: string;
  username: string;
  /** As the page shows it; the profile's own handle inside it ("Jane (@jane_vip)") is ignored. */
  displayName: string | null;
  /** The bio, when known: a "fan page" or "parody" disclaimer lowers the confidence. */
  text?: string | null;
}

export interface AssessProfileInput {
  creator: CreatorIdentity;
  profile: ProfileIdentity;
  /** The profile picture matched one of the creator's reference pictures. */
  avatarMatchesReference: boolean;
  /** The profile picture is not one of her pictures but shows her enrolled face (likeness search). */
  avatarShowsHerFace?: boolean;
}

export interface ProfileAssessment {
  isImpersonation: boolean;
  /** The creator's own account (then nothing else is reported). */
  isOwnAccount: boolean;
  reasons: ImpersonationReason[];
  /** 0–1; 0 when not an impersonation. */
  confidence: number;
  /** Which of the creator's names or usernames the display name uses, as she gave it. */
  matchedName: string | null;
}

/**
 * How sure we are, by evidence. A profile picture that matches a reference picture is near proof
 * (matching is by perceptual hash of her own photo), and with her name or a variant of her handle
 * beside it we confirm without asking; alone it is just under the auto-confirm line (0.9), since a
 * fan page may use a photo without posing as her. Her name on a variant of her handle is the typical
 * fake account but common names collide, so the creator reviews it; her name on an unrelated handle
 * is weaker still. A name that is only one letter off counts a little less than her exact name.
 */
const CONFIDENCE = {
  pictureNameAndHandle: 0.97,
  pictureAndNameOrHandle: 0.95,
  pictureOnly: 0.88,
  nameAndHandle: 0.85,
  nameOnly: 0.6,
  /**
   * The most a profile gets when her face, not her picture, is the evidence: a face match is never
   * confirmed by the machine (it stays under the auto-confirm line), she or Shark's team says.
   */
  faceAtMost: 0.88,
  nearNamePenalty: 0.1,
  /** Multiplier when the bio says it is a fan page or parody. */
  disclaimer: 0.6,
} as const;

/** A name needs this many letters before a one-letter difference still means "her name". */
const MIN_NEAR_NAME = 5;
/** And this many before it counts inside a longer name ("Jane Doe VIP"). */
const MIN_CONTAINED_NAME = 4;

const DISCLAIMER =
  /\b(?:fan ?(?:page|account|club|base)|fanpage|parody|not (?:affiliated|the real|her)|unofficial|tribute|impersonat)/;

/** Edit distance with adjacent swaps counting one (optimal string alignment), capped at `limit + 1`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

type NameEvidence = 'exact' | 'near';

/**
 * Whether words (of a display name or a handle) use a name: the same after folding, the name as
 * whole words inside ("Jane Doe 💋 VIP", "janedoe_official"), or one edit away from the whole or
 * from a run of its words ("Janne Doe").
 */
function nameEvidence(words: readonly string[], name: string): NameEvidence | null {
  if (name === '' || words.length === 0) return null;
  const whole = words.join('');
  if (whole === name) return 'exact';
  if (name.length >= MIN_CONTAINED_NAME && findNameInWords(words, name) !== null) return 'exact';
  if (name.length < MIN_NEAR_NAME) return null;
  if (editDistance(whole, name, 1) <= 1) return 'near';
  for (let start = 0; start < words.length; start++) {
    let joined = '';
    for (let end = start; end < words.length && joined.length <= name.length + 1; end++) {
      joined += words[end];
      if (editDistance(joined, name, 1) <= 1) return 'near';
    }
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The display name without the profile's own handle: pages put it beside the name ("Jane Doe
 * (@janedoe_vip)"), and Reddit shows only the handle, which says nothing about the name chosen.
 */
function shownName(profile: ProfileIdentity): string {
  let name = profile.displayName ?? '';
  const handle = profile.username.trim().replace(/^@/, '');
  if (handle === '') return name;
  const forms = [handle];
  const dot = handle.indexOf('.');
  if (canonicalPlatform(profile.platform) === 'bluesky' && dot > 0)
    forms.push(handle.slice(0, dot));
  for (const form of forms) {
    const pattern = new RegExp(
      `\\(\\s*@?${escapeRegExp(form)}\\s*\\)|@?${escapeRegExp(form)}`,
      'giu',
    );
    name = name.replace(pattern, ' ');
  }
  return name;
}

function isOwnAccount(creator: CreatorIdentity, profile: ProfileIdentity): boolean {
  const platform = canonicalPlatform(profile.platform) ?? profile.platform?.trim().toLowerCase();
  return (creator.ownAccounts ?? []).some((account) => {
    const accountPlatform =
      canonicalPlatform(account.platform) ?? account.platform.trim().toLowerCase();
    // Without the profile's platform we cannot tell an impersonator from her: we do not flag it.
    if (platform !== undefined && accountPlatform !== platform) return false;
    return (
      normalizeHandle(accountPlatform, account.username) ===
      normalizeHandle(accountPlatform, profile.username)
    );
  });
}

/** Whether the handle is one of the variants we generate, or otherwise a form of her names. */
function isHandleVariant(creator: CreatorIdentity, profile: ProfileIdentity): boolean {
  const handle = normalizeHandle(profile.platform, profile.username);
  for (const username of creator.usernames) {
    if (normalizeHandle(profile.platform, username) === handle) return true;
    const variants = usernameVariants(username, { platform: profile.platform, max: Infinity });
    if (variants.some((variant) => normalizeHandle(profile.platform, variant.username) === handle))
      return true;
  }
  const handleWords = matchWords(profile.username.replace(/\.bsky\.social$/i, ''));
  return [...creator.usernames, ...creator.names].some(
    (name) => nameEvidence(handleWords, compactName(name)) !== null,
  );
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

export function assessProfile(input: AssessProfileInput): ProfileAssessment {
  const { creator, profile, avatarMatchesReference } = input;
  const showsHerFace = !avatarMatchesReference && input.avatarShowsHerFace === true;
  const showsHer = avatarMatchesReference || showsHerFace;
  if (isOwnAccount(creator, profile)) {
    return {
      isImpersonation: false,
      isOwnAccount: true,
      reasons: [],
      confidence: 0,
      matchedName: null,
    };
  }

  const displayWords = matchWords(shownName(profile));
  let nameMatch: { name: string; evidence: NameEvidence } | null = null;
  for (const name of [...creator.names, ...creator.usernames]) {
    const evidence = nameEvidence(displayWords, compactName(name.replace(/^@/, '')));
    if (evidence === 'exact') {
      nameMatch = { name, evidence };
      break;
    }
    if (evidence === 'near' && nameMatch === null) nameMatch = { name, evidence };
  }
  const usesName = nameMatch !== null;
  const isVariant = isHandleVariant(creator, profile);

  const reasons: ImpersonationReason[] = [];
  if (usesName) reasons.push('uses-name');
  if (avatarMatchesReference) reasons.push('uses-picture');
  if (showsHerFace) reasons.push('uses-face');
  if (isVariant) reasons.push('username-variant');

  if (!usesName && !showsHer) {
    return {
      isImpersonation: false,
      isOwnAccount: false,
      reasons,
      confidence: 0,
      matchedName: null,
    };
  }

  let confidence: number;
  // Her face on the profile picture weighs as her picture does: either is her likeness in use.
  if (showsHer) {
    confidence =
      usesName && isVariant
        ? CONFIDENCE.pictureNameAndHandle
        : usesName || isVariant
          ? CONFIDENCE.pictureAndNameOrHandle
          : CONFIDENCE.pictureOnly;
  } else {
    confidence = isVariant ? CONFIDENCE.nameAndHandle : CONFIDENCE.nameOnly;
    if (nameMatch?.evidence === 'near') confidence -= CONFIDENCE.nearNamePenalty;
  }
  const bio = foldConfusables(`${profile.displayName ?? ''} ${profile.text ?? ''}`);
  if (DISCLAIMER.test(bio)) confidence *= CONFIDENCE.disclaimer;
  if (showsHerFace) confidence = Math.min(confidence, CONFIDENCE.faceAtMost);

  return {
    isImpersonation: true,
    isOwnAccount: false,
    reasons,
    confidence: round(confidence),
    matchedName: nameMatch?.name ?? null,
  };
}
