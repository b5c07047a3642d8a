// Words the name-sightings section shows.
import type { NameSightingGroup } from '@shark/contracts/name-sightings.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Your name seen on lunafox.studio", "… on lunafox.studio and 2 other sites". */
export function sectionTitle(groups: readonly NameSightingGroup[]): string {
  const [first] = groups;
  if (!first) return 'Your name seen on other sites';
  if (groups.length === 1) return `Your name seen on ${first.siteName}`;
  return `Your name seen on ${first.siteName} and ${plural(groups.length - 1, 'other site', 'other sites')}`;
}

/** "3 pages", or "12 pages, 5 shown" when the list is cut short. */
export function pagesLabel(group: Pick<NameSightingGroup, 'count' | 'pages'>): string {
  const all = plural(group.count, 'page', 'pages');
  return group.pages.length < group.count ? `${all}, ${group.pages.length} shown` : all;
}

/** A page's address without the scheme, www. and a trailing slash. */
export function pageLabel(url: string): string {
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}
