// How terms, their sources and their origin read on screen.
import {
  DISCOVERY_SOURCE_INFO,
  type DiscoverySource,
  type LastResults,
  type SearchTerm,
} from '@shark/contracts/search-terms.ts';

const PLATFORM_LABELS: Record<string, string> = {
  onlyfans: 'OnlyFans',
  fansly: 'Fansly',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  x: 'X',
  reddit: 'Reddit',
  telegram: 'Telegram',
  youtube: 'YouTube',
  website: 'Website',
  other: 'Other',
};

export function platformLabel(platform: string): string {
  return PLATFORM_LABELS[platform] ?? platform;
}

/** "All sources that are on", or the chosen ones by name. */
export function sourcesSummary(sources: readonly DiscoverySource[]): string {
  if (sources.length === 0) return 'All sources that are on';
  return sources.map((source) => DISCOVERY_SOURCE_INFO[source].label).join(', ');
}

export function lastResultsSummary(lastResults: LastResults | null): string {
  if (lastResults === null) return 'Not searched yet';
  const when = new Date(lastResults.searchedAt).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const results = `${lastResults.resultCount} ${lastResults.resultCount === 1 ? 'result' : 'results'}`;
  const matches = `${lastResults.matchCount} with your content`;
  return `${results}, ${matches} · ${when}`;
}

/** "jane_doe on OnlyFans", for a suggestion whose account still exists. */
export function suggestedFromSummary(term: SearchTerm): string | null {
  if (term.suggestedFrom === null) return null;
  return `${term.suggestedFrom.username} on ${platformLabel(term.suggestedFrom.platform)}`;
}
