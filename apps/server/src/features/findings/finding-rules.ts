// The rules a finding follows without the database: its dedup key, the status it starts in, how the
// whitelist moves it, and the opaque cursor of the review list.
import {
  AUTO_CONFIRM_CONFIDENCE,
  SITE_KINDS,
  type FindingKind,
  type FindingStatus,
  type SiteKindName,
} from '@shark/contracts/findings.ts';
import { hostForDisplay, parseWebAddress, urlKey } from '@shark/engine/whitelist/web-address.ts';
import { AppError } from '#server/http/app-error.ts';

/**
 * The comparison form of a page address, the whitelist's own (decision 0011): scheme, `www.`, default
 * ports, trailing slashes, fragments, tracking parameters, parameter order and letter case do not make
 * a different page. Null when it is not an http(s) address.
 */
export function normalisedUrl(url: string): string | null {
  const address = parseWebAddress(url);
  return address.ok ? urlKey(address.value) : null;
}

/** The site's host for people (www. removed, Unicode), for findings on sites outside the catalog. */
export function hostOf(url: string): string | null {
  const address = parseWebAddress(url);
  return address.ok ? hostForDisplay(address.value.site) : null;
}

export interface FindingIdentity {
  kind: FindingKind;
  pageUrl: string;
  referenceFileId?: string | null | undefined;
  mediaSha256?: string | null | undefined;
  site?: { id: string | null } | null | undefined;
  impersonation?: { platform: string; username: string } | null | undefined;
}

export interface FindingKeys {
  normalizedUrl: string;
  dedupKey: string;
  /** What two concurrent records must not both decide about: the page (leaks and mentions share it), or the profile. */
  lockSubject: string;
}

/** How a profile name is compared: `@Alice ` and `alice` are the same account; look-alike letters are not. */
export function canonicalUsername(username: string): string {
  return username.trim().replace(/^@+/, '').toLowerCase();
}

/**
 * leak:<page>:<reference>, mention:<page>, impersonation:<site>:<username>,
 * likeness:<page>:<picture>. Throws for input the
 * pipeline should never send (a page that is no web address, an impersonation without a username).
 */
export function findingKeys(input: FindingIdentity): FindingKeys {
  const normalizedUrl = normalisedUrl(input.pageUrl);
  if (normalizedUrl === null) throw new Error(`Not a web address: ${input.pageUrl.slice(0, 200)}`);
  const pageLock = `page:${normalizedUrl}`;
  switch (input.kind) {
    case 'leak': {
      // A leak without a named reference is still one per page and media file.
      const reference =
        input.referenceFileId ?? (input.mediaSha256 ? `sha256:${input.mediaSha256}` : '-');
      return {
        normalizedUrl,
        dedupKey: `leak:${normalizedUrl}:${reference}`,
        lockSubject: pageLock,
      };
    }
    case 'mention':
      return { normalizedUrl, dedupKey: `mention:${normalizedUrl}`, lockSubject: pageLock };
    case 'likeness':
      // One per page and picture: the same face on another picture of the page is another finding.
      return {
        normalizedUrl,
        dedupKey: `likeness:${normalizedUrl}:${input.mediaSha256 ? `sha256:${input.mediaSha256}` : '-'}`,
        lockSubject: pageLock,
      };
    case 'impersonation': {
      const username = canonicalUsername(input.impersonation?.username ?? '');
      if (username === '') throw new Error('An impersonation finding needs the username found.');
      const site =
        input.site?.id ??
        input.impersonation?.platform.toLowerCase() ??
        hostOf(input.pageUrl) ??
        normalizedUrl;
      const dedupKey = `impersonation:${site}:${username}`;
      return { normalizedUrl, dedupKey, lockSubject: dedupKey };
    }
  }
}

/**
 * Mentions name the creator without matching a file, and a likeness finding is a face that looks like
 * hers (only she can say whether it is her, and what it is): a person always decides about them.
 */
export function isAutoConfirmed(kind: FindingKind, confidence: number): boolean {
  return kind !== 'mention' && kind !== 'likeness' && confidence >= AUTO_CONFIRM_CONFIDENCE;
}

export interface ReviewState {
  status: FindingStatus;
  reviewedBy: 'auto' | 'creator' | null;
  whitelistEntryId: string | null;
}

/** Where a finding nobody has reviewed starts: whitelisted, confirmed automatically, or waiting for review. */
export function initialState(
  kind: FindingKind,
  confidence: number,
  coveringEntryId: string | null,
): ReviewState {
  if (coveringEntryId)
    return { status: 'whitelisted', reviewedBy: null, whitelistEntryId: coveringEntryId };
  return isAutoConfirmed(kind, confidence)
    ? { status: 'confirmed', reviewedBy: 'auto', whitelistEntryId: null }
    : { status: 'pending_review', reviewedBy: null, whitelistEntryId: null };
}

/**
 * What the whitelist makes of a finding now, or null when nothing changes. A covered pending or
 * confirmed finding becomes whitelisted; a whitelisted one no entry covers any more (its entry was
 * deleted) goes back to where a new finding would start. Rejected findings stay rejected.
 */
export function whitelistedState(
  current: ReviewState & { kind: FindingKind; confidence: number },
  coveringEntryId: string | null,
): ReviewState | null {
  if (current.status === 'rejected') return null;
  if (coveringEntryId) {
    if (current.status === 'whitelisted' && current.whitelistEntryId === coveringEntryId)
      return null;
    return {
      status: 'whitelisted',
      reviewedBy: current.reviewedBy,
      whitelistEntryId: coveringEntryId,
    };
  }
  if (current.status !== 'whitelisted') return null;
  return initialState(current.kind, current.confidence, null);
}

export function siteKindOf(stored: string | null): SiteKindName {
  return SITE_KINDS.find((kind) => kind === stored) ?? 'other';
}

// --- The review list's cursor: the last row's (first_seen_at, id), opaque to the client. ---

export interface FindingCursor {
  /** first_seen_at as Postgres writes it (microseconds kept, so no row is skipped or repeated). */
  firstSeenAt: string;
  id: string;
}

export function encodeCursor(cursor: FindingCursor): string {
  return Buffer.from(JSON.stringify([cursor.firstSeenAt, cursor.id]), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): FindingCursor {
  const invalid = () => {
    const message = 'This list position is not valid any more. Reload the list.';
    return new AppError('VALIDATION_FAILED', message, { fields: { cursor: message } });
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [firstSeenAt, id] = parsed as unknown[];
  if (typeof firstSeenAt !== 'string' || typeof id !== 'string' || id === '' || id.length > 200)
    throw invalid();
  // Only what Postgres itself writes for a timestamptz: nothing else reaches the query.
  if (
    !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(
      firstSeenAt,
    )
  )
    throw invalid();
  if (Number.isNaN(Date.parse(firstSeenAt.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))))
    throw invalid();
  return { firstSeenAt, id };
}
