// Who gets dark web scanning: Tor configured on this server (TOR_SOCKS_URL) and the creator's plan
// has the `darkWebScanning` perk (Premium). A scan's tasks keep the answer its first task got, so a
// plan that changes during a scan applies from the next scan.
import { withDarkWeb } from './dark-web-scope.ts';

export interface DarkWebAccessDeps {
  /** Whether Tor is configured (the fetcher can reach onion addresses at all). */
  hasTor: boolean;
  hasPerk: (userId: string) => Promise<boolean>;
}

export interface DarkWebAccess {
  /** Whether dark web scanning can run on this server at all. */
  readonly isConfigured: boolean;
  isAllowedFor(userId: string): Promise<boolean>;
  /** Runs a scan's work with Tor open to it when its creator has dark web scanning, closed otherwise. */
  runFor<T>(scan: { id: string; userId: string }, work: () => Promise<T>): Promise<T>;
  /**
   * Runs other work done for a creator (a takedown's contact look-up or removal check) with Tor open
   * to it when she has dark web scanning now, closed otherwise.
   */
  runForCreator<T>(userId: string, work: () => Promise<T>): Promise<T>;
}

/** Scans whose answer is kept; the oldest is forgotten past this. */
const KEPT_SCANS = 1_000;

export function createDarkWebAccess(deps: DarkWebAccessDeps): DarkWebAccess {
  const byScan = new Map<string, boolean>();

  async function isAllowedFor(userId: string): Promise<boolean> {
    return deps.hasTor && (await deps.hasPerk(userId));
  }

  return {
    isConfigured: deps.hasTor,
    isAllowedFor,
    async runFor(scan, work) {
      let isAllowed = byScan.get(scan.id);
      if (isAllowed === undefined) {
        isAllowed = await isAllowedFor(scan.userId);
        if (byScan.size >= KEPT_SCANS) byScan.delete(byScan.keys().next().value!);
        byScan.set(scan.id, isAllowed);
      }
      return withDarkWeb(isAllowed, work);
    },
    async runForCreator(userId, work) {
      return withDarkWeb(await isAllowedFor(userId), work);
    },
  };
}
