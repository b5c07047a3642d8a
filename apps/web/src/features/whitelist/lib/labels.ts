// Words and small formats the whitelist screen shows.
import type { WhitelistBulkReport, WhitelistKind } from '@shark/contracts/whitelist.ts';

export const KIND_LABELS: Record<WhitelistKind, string> = {
  domain: 'Domain',
  url: 'URL',
  pattern: 'Pattern',
};

/** What an entry of each kind covers, for the kind picker and the badges' titles. */
export const KIND_DESCRIPTIONS: Record<WhitelistKind, string> = {
  domain: 'The site and all its subdomains',
  url: 'One page',
  pattern: 'Addresses matching the pattern, * standing for anything',
};

export function formatAddedDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "3 added, 1 already on your whitelist, 2 could not be read, 4 over your plan's limit" */
export function reportSummary(report: WhitelistBulkReport): string {
  const { added, duplicate, invalid, refused } = report.counts;
  const parts = [count(added, 'entry added', 'entries added')];
  if (duplicate > 0) parts.push(count(duplicate, 'duplicate', 'duplicates'));
  if (invalid > 0) parts.push(`${invalid} could not be read`);
  if (refused > 0) parts.push(`${refused} over your plan’s limit`);
  return parts.join(', ');
}
