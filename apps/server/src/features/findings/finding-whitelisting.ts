// The creator's whitelist applied to her findings: each finding moved to what the whitelist says now,
// again whenever the whitelist changed since this process last applied it.
import { createHash } from 'node:crypto';
import type { FindingStatus } from '@shark/contracts/findings.ts';
import {
  createWhitelistMatcher,
  type WhitelistEntryLike,
} from '@shark/engine/whitelist/whitelist-match.ts';
import type { FindingRepository } from './finding-repository.ts';
import { whitelistedState, type ReviewState } from './finding-rules.ts';
import type { FindingWhitelist } from './finding-types.ts';

export type Entry = WhitelistEntryLike & { id: string };

/** Users whose whitelist has been applied to their findings in this process, with the whitelist's signature. */
const APPLIED_CACHE_LIMIT = 10_000;

/** The most specific entry covering the page, else the media's address (a whitelisted CDN, say). */
export function coveringEntry(
  matcher: ReturnType<typeof createWhitelistMatcher<Entry>>,
  pageUrl: string,
  mediaUrl: string | null,
): Entry | null {
  return (
    matcher.match(pageUrl)?.entry ?? (mediaUrl ? matcher.match(mediaUrl)?.entry : undefined) ?? null
  );
}

export function createFindingWhitelisting(deps: {
  repo: FindingRepository;
  whitelist: FindingWhitelist;
  tellEnforcement: (userId: string, ids: string[], status: FindingStatus) => Promise<void>;
}) {
  const { repo, whitelist, tellEnforcement } = deps;
  const appliedSignatures = new Map<string, string>();

  async function entriesOf(userId: string): Promise<Entry[]> {
    return (await whitelist.list(userId)).entries;
  }

  /**
   * Moves the creator's findings to what the whitelist says now (see whitelistedState); returns the ids
   * newly whitelisted and how many went back to review.
   */
  async function applyWhitelist(
    userId: string,
    entries?: Entry[],
  ): Promise<{ whitelisted: string[]; restored: number }> {
    const list = entries ?? (await entriesOf(userId));
    const matcher = createWhitelistMatcher(list);
    const changes = new Map<string, { from: FindingStatus; state: ReviewState; ids: string[] }>();
    for (const row of await repo.reconcilable(userId)) {
      const entry = coveringEntry(matcher, row.pageUrl, row.mediaUrl);
      const next = whitelistedState(row, entry?.id ?? null);
      if (!next) continue;
      const key = JSON.stringify([row.status, next.status, next.reviewedBy, next.whitelistEntryId]);
      const group = changes.get(key) ?? { from: row.status, state: next, ids: [] };
      group.ids.push(row.id);
      changes.set(key, group);
    }
    const whitelisted: string[] = [];
    let restored = 0;
    const now = new Date();
    for (const { from, state, ids } of changes.values()) {
      const changed = await repo.applyState(
        userId,
        ids,
        from,
        state,
        state.reviewedBy === 'auto' ? now : null,
      );
      await tellEnforcement(userId, changed, state.status);
      if (state.status === 'whitelisted') {
        if (from !== 'whitelisted') whitelisted.push(...changed);
      } else restored += changed.length;
    }
    remember(userId, list);
    return { whitelisted, restored };
  }

  const signatureOf = (entries: Entry[]) =>
    createHash('sha256')
      .update(
        entries
          .map((e) => e.id)
          .sort()
          .join('\n'),
      )
      .digest('base64url');

  function remember(userId: string, entries: Entry[]): void {
    if (appliedSignatures.size >= APPLIED_CACHE_LIMIT) appliedSignatures.clear();
    appliedSignatures.set(userId, signatureOf(entries));
  }

  /**
   * Applies the whitelist when it changed since this process last applied it: entries added or
   * deleted on the whitelist screen reach the findings before they are shown or reviewed.
   */
  async function ensureWhitelistApplied(userId: string): Promise<void> {
    const entries = await entriesOf(userId);
    if (appliedSignatures.get(userId) === signatureOf(entries)) return;
    await applyWhitelist(userId, entries);
  }

  return { entriesOf, applyWhitelist, ensureWhitelistApplied };
}
