// Takedown work on a page of an onion service reads that site through Tor: its own contact page when
// the catalog has none, and the page itself when checking that the copy is gone. Tor is open only to
// work done for a creator with dark web scanning (dark-web-access.ts), so these jobs run on behalf of
// the takedown's creator. Clearnet takedowns, and every takedown on a server without Tor, run as
// before with no extra query.
import { isOnionUrl } from '@shark/engine/fetch/onion.ts';
import type { JobHandlers } from '#server/app/feature-module.ts';
import type { DarkWebAccess } from '#server/features/dark-web/dark-web-access.ts';

export interface TakedownOwnerLookup {
  find(takedownId: string): Promise<{ userId: string; pageUrl: string } | undefined>;
}

/** The jobs that fetch a takedown's site (its recipients, whether it is gone) run as its creator. */
export function onBehalfOfCreators(
  handlers: JobHandlers,
  deps: {
    takedowns: TakedownOwnerLookup;
    darkWeb: Pick<DarkWebAccess, 'isConfigured' | 'runForCreator'>;
  },
): JobHandlers {
  if (!deps.darkWeb.isConfigured) return handlers;
  async function asOwner<T>(takedownId: string, work: () => Promise<T>): Promise<T> {
    const row = await deps.takedowns.find(takedownId);
    if (!row || !isOnionUrl(row.pageUrl)) return work();
    return deps.darkWeb.runForCreator(row.userId, work);
  }
  const resolve = handlers['takedown.resolve'];
  const verify = handlers['takedown.verify'];
  return {
    ...handlers,
    ...(resolve
      ? {
          'takedown.resolve': (payload, context) =>
            asOwner(payload.takedownId, () => resolve(payload, context)),
        }
      : {}),
    ...(verify
      ? {
          'takedown.verify': (payload, context) =>
            asOwner(payload.takedownId, () => verify(payload, context)),
        }
      : {}),
  } satisfies JobHandlers;
}
