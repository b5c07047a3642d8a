// Who gets dark web scanning: Tor configured on this server (TOR_SOCKS_URL) and the creator's plan
// has the `darkWebScanning` perk (Premium). Answers are kept a short while, since a scan asks once
// per task.
import { withDarkWeb } from './dark-web-scope.ts';

export interface DarkWebAccessDeps {
  /** Whether Tor is configured (the fetcher can reach onion addresses at all). */
  hasTor: boolean;
  hasPerk: (userId: string) => Promise<boolean>;
  /** How long an answer is kept, in milliseconds. Default 30 s. */
  cacheMs?: number;
  now?: () => number;
}

export interface DarkWebAccess {
  /** Whether dark web scanning can run on this server at all. */
  readonly isConfigured: boolean;
  isAllowedFor(userId: string): Promise<boolean>;
  /** Runs a creator's work with Tor open to it when she has dark web scanning, closed otherwise. */
  runFor<T>(userId: string, work: () => Promise<T>): Promise<T>;
}

export function createDarkWebAccess(deps: DarkWebAccessDeps): DarkWebAccess {
  const cacheMs = deps.cacheMs ?? 30_000;
  const now = deps.now ?? Date.now;
  const answers = new Map<string, { isAllowed: boolean; at: number }>();

  async function isAllowedFor(userId: string): Promise<boolean> {
    if (!deps.hasTor) return false;
    const kept = answers.get(userId);
    if (kept && now() - kept.at < cacheMs) return kept.isAllowed;
    const isAllowed = await deps.hasPerk(userId);
    if (answers.size > 10_000) answers.clear();
    answers.set(userId, { isAllowed, at: now() });
    return isAllowed;
  }

  return {
    isConfigured: deps.hasTor,
    isAllowedFor,
    async runFor(userId, work) {
      return withDarkWeb(await isAllowedFor(userId), work);
    },
  };
}
