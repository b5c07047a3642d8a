// Words and small formats the review list shows.
import type { FindingKind, FindingStatus } from '@shark/contracts/findings.ts';
import type { ReviewAction } from '#app/features/findings/lib/review.ts';

export const STATUS_TABS: { status: FindingStatus; label: string; empty: string }[] = [
  {
    status: 'pending_review',
    label: 'Needs review',
    empty: 'Nothing waits for your review. Possible leaks a scan is not sure about appear here.',
  },
  {
    status: 'confirmed',
    label: 'Confirmed',
    empty:
      'No confirmed leaks yet. Sure matches are confirmed automatically; others once you confirm them.',
  },
  {
    status: 'rejected',
    label: 'Not mine',
    empty: 'Nothing marked as not yours.',
  },
  {
    status: 'whitelisted',
    label: 'Whitelisted',
    empty:
      'No finding is on your whitelist. Pages you allow are recorded here and never taken down.',
  },
];

export const KIND_LABELS: Record<FindingKind, string> = {
  leak: 'Leak',
  mention: 'Mention',
  impersonation: 'Impersonation',
  likeness: 'Likeness',
};

export const KIND_FILTER_LABELS: Record<FindingKind, string> = {
  leak: 'Leaks of your files',
  mention: 'Pages naming you',
  impersonation: 'Impersonators',
  likeness: 'Your face on pictures',
};

export const ACTION_LABELS: Record<ReviewAction, { button: string; done: string }> = {
  confirm: { button: 'Confirm', done: 'Confirmed as yours' },
  reject: { button: 'Not mine', done: 'Marked as not yours' },
  whitelist: { button: 'Whitelist', done: 'Added to your whitelist' },
};

const REASON_LABELS: Record<string, string> = {
  'uses-name': 'Uses your name',
  'uses-picture': 'Uses your picture',
  'uses-face': 'Uses your face',
  'username-variant': 'Look-alike username',
};

export function reasonLabel(reason: string): string {
  return REASON_LABELS[reason] ?? reason.replace(/-/g, ' ');
}

/** 0.873 → "87%"; never rounds up to a certainty the match does not have. */
export function formatConfidence(confidence: number): string {
  // The epsilon keeps 0.29 at 29% (0.29 * 100 is 28.999… in floating point).
  return `${Math.floor(Math.max(0, Math.min(1, confidence)) * 100 + 1e-9)}%`;
}

/** "example.com/videos/1" for "https://www.example.com/videos/1". */
export function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.host.replace(/^www\./, '');
    const rest = `${parsed.pathname}${parsed.search}`.replace(/\/$/, '');
    return `${host}${rest}`;
  } catch {
    return url;
  }
}

/** "12 May 2025" in the reader's locale. */
export function formatSeen(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
}
