// A profile's picture as evidence of impersonation: fetched, matched against her reference files and,
// when it is none of them, searched for her enrolled face (only on a plan with deep fake protection
// and once she has enrolled; the matcher decides).
import { sniffMediaType } from '@shark/engine/matching/media-type.ts';
import type { MediaMatch, ScanMatcher } from '#server/features/scans/scan-matcher.ts';
import type { CrawlerPort } from '#server/features/scans/scan-ports.ts';

export interface AvatarEvidence {
  /** The picture's bytes, for the finding's thumbnail; null without a readable picture. */
  avatar: Buffer | null;
  /** The reference file it copies. */
  match: MediaMatch | null;
  /** Not a copy of her files, but her face is on it. */
  showsHerFace: boolean;
}

export async function avatarEvidence(
  deps: { crawler: Pick<CrawlerPort, 'fetchMedia'>; matcher: ScanMatcher },
  userId: string,
  avatarUrl: string | null,
): Promise<AvatarEvidence> {
  const none: AvatarEvidence = { avatar: null, match: null, showsHerFace: false };
  if (!avatarUrl) return none;
  const media = await deps.crawler.fetchMedia(avatarUrl);
  if (!media.ok || sniffMediaType(media.body.subarray(0, 512))?.kind !== 'image') return none;
  const avatar = media.body;
  // A picture that cannot be read or searched is evidence of nothing, not a failed profile check.
  const match = await deps.matcher.match(userId, avatar, 'image').catch(() => null);
  if (match) return { avatar, match, showsHerFace: false };
  const face = await deps.matcher.likeness(userId, avatar, 'image').catch(() => null);
  return { avatar, match: null, showsHerFace: face !== null };
}
