// The mark a fetch task carries when it fetches a page for a site's expansion: the page spends one of the
// site's pages in the scan, and its links to more of the site are followed.
import { z } from 'zod';

export const expansionMark = z.object({
  /** The site key (packages/engine/src/discovery/site-key.ts). */
  site: z.string(),
  /** home: the site's home page, where its search form is looked for too. */
  role: z.enum(['page', 'home']).optional(),
});
export type ExpansionMark = z.infer<typeof expansionMark>;
