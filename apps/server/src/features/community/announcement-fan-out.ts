// Announcements reach every account as an in-app notification (and by e-mail for those who chose it).
// Operators publish from the CLI, which may run with no server and no job queue, so publishing only
// writes the post; this sweep, in the server's worker, tells each account that existed when the post
// went out — once, whatever the number of workers or runs (the notification's dedupe key).
import type { AnnouncementRepository } from './announcement-repository.ts';

/** Announcements older than this are news no longer: accounts are not told of them. */
export const ANNOUNCEMENT_REACH_DAYS = 14;
const BATCH = 500;

export interface AnnouncementFanOutDeps {
  announcements: AnnouncementRepository;
  /** Records one account's notification of the post (features/notifications); idempotent per post. */
  announce: (userId: string, post: { id: string; title: string; body: string }) => Promise<unknown>;
  now?: () => Date;
}

export function createAnnouncementFanOut(deps: AnnouncementFanOutDeps) {
  const { announcements } = deps;
  const now = deps.now ?? (() => new Date());

  /** Accounts not yet told of the post, in id order after `after` (a page at a time). */
  const untold = (post: { id: string; publishedAt: Date }, after: string | null) =>
    announcements.untold(post, after, BATCH);

  return {
    /** Tells every account of each recent announcement it has not heard of; answers how many were told. */
    async run(): Promise<number> {
      const at = now();
      const since = new Date(at.getTime() - ANNOUNCEMENT_REACH_DAYS * 24 * 3600 * 1000);
      const posts = await announcements.published(since, at);
      let told = 0;
      for (const post of posts) {
        for (
          let ids = await untold(post, null);
          ids.length > 0;
          ids = await untold(post, ids.at(-1)!)
        ) {
          for (const id of ids) await deps.announce(id, post);
          told += ids.length;
        }
      }
      return told;
    },
  };
}
