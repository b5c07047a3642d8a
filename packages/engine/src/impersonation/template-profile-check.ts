// Whether a handle exists on a social network the catalog does not list, known only by the profile
// address learnt from one of its pages: the page at that address, read by the profile-page detector.
// The page is fetched by the caller, so this file does no I/O.
import {
  outcomeOfStatus,
  profileCheckResult,
  type ProfileCheck,
  type ProfilePageFetcher,
} from './profile-check.ts';
import { detectProfilePage, profileUrlFromTemplate } from './profile-page.ts';

/**
 * Checks one handle at `profileUrlTemplate` (with `{username}` where the handle goes). The profile
 * exists when the page there is a profile of that very handle; a 404/410, or a page that is no
 * profile or another one's (a home page, a "no such user" page, a login), means it does not.
 */
export async function checkTemplateProfile(input: {
  profileUrlTemplate: string;
  username: string;
  fetchPage: ProfilePageFetcher;
}): Promise<ProfileCheck> {
  const username = input.username.trim().replace(/^@/, '');
  const url = profileUrlFromTemplate(input.profileUrlTemplate, username);
  const page = await input.fetchPage(url);
  const result = profileCheckResult(url, page);
  const byStatus = outcomeOfStatus(page.status);
  if (byStatus) return result(byStatus);
  if (page.html === null || page.html.trim() === '') return result('no-identity');
  const profile = detectProfilePage({ url: page.finalUrl, html: page.html });
  if (profile === null) return result('not-found');
  if (profile.handle.toLowerCase() !== username.toLowerCase()) return result('redirected');
  return result('found', { displayName: profile.displayName, avatarUrl: profile.avatarUrl });
}
