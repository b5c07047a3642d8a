// Words and small formats the Scans card, the Sources panel and the free scan show.
import type { SiteKindName } from '@shark/contracts/findings.ts';
import type { ScanStage, ScanStatus, ScanTrigger } from '@shark/contracts/scans.ts';

export const STAGE_LABELS: Record<ScanStage, { label: string; description: string }> = {
  discover: { label: 'Search', description: 'Queries to search sources and catalog sites' },
  profile: { label: 'Profiles', description: 'Look-alike usernames checked on social networks' },
  fetch: { label: 'Pages', description: 'Pages fetched and read' },
  match: { label: 'Media', description: 'Pictures and videos compared with your files' },
};

export const STATUS_LABELS: Record<ScanStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

export const TRIGGER_LABELS: Record<ScanTrigger, string> = {
  manual: 'Started by you',
  schedule: 'Scheduled',
  onboarding: 'Free scan',
};

/** Plural names of the kinds of site, as in "3 tube sites". */
export const SITE_KIND_LABELS: Record<SiteKindName, { one: string; many: string }> = {
  tube: { one: 'tube site', many: 'tube sites' },
  forum: { one: 'forum', many: 'forums' },
  'file-host': { one: 'file host', many: 'file hosts' },
  'image-board': { one: 'image board', many: 'image boards' },
  'telegram-index': { one: 'Telegram index', many: 'Telegram indexes' },
  'social-network': { one: 'social network', many: 'social networks' },
  other: { one: 'other site', many: 'other sites' },
};

/** "Tube site", for a badge beside a site's name. */
export function siteKindLabel(kind: string): string {
  const label =
    (SITE_KIND_LABELS as Record<string, { one: string } | undefined>)[kind]?.one ?? kind;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** "Tube sites" (capitalised plural), for a heading or a list of counts. */
export function siteKindsLabel(kind: string): string {
  const label =
    (SITE_KIND_LABELS as Record<string, { many: string } | undefined>)[kind]?.many ?? kind;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** "12 May 2025, 09:30" in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "in 3 days", "2 hours ago", "now": the nearest whole unit between `iso` and `now`. */
export function formatRelative(iso: string, now: number): string {
  const delta = new Date(iso).getTime() - now;
  const format = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (Math.abs(delta) >= ms) return format.format(Math.round(delta / ms), unit);
  }
  return delta >= 0 ? 'in under a minute' : 'just now';
}

/** "4 min 05 s", "12 s": how long a scan ran (or has run). */
export function formatElapsed(fromIso: string, toMs: number): string {
  const seconds = Math.max(0, Math.round((toMs - new Date(fromIso).getTime()) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min ${String(rest).padStart(2, '0')} s`;
  return `${rest} s`;
}
