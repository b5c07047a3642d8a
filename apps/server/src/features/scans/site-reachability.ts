// A site that does not resolve, refuses connections or has no route is given up for the rest of the
// scan after its first such failure: its later tasks settle as skipped without a fetch, instead of each
// failing and being retried with backoff. The next scan tries it again.
import type { SiteUnreachableReason } from '@shark/contracts/scans.ts';
import { siteKeyOf } from '@shark/engine/discovery/site-key.ts';
import type { ScanSiteRepository } from './scan-site-repository.ts';
import type { StageOutcome } from './scan-task-runner.ts';

/** A fetch that found its site gone; thrown by a stage, it gives the site up for the scan. */
export class SiteUnreachableError extends Error {
  override readonly name = 'SiteUnreachableError';
  constructor(
    /** The URL whose fetch failed (a redirect's target, when that is what failed). */
    readonly url: string,
    readonly reason: SiteUnreachableReason,
    message: string,
  ) {
    super(message);
  }
}

const REASON_WORDS: Record<SiteUnreachableReason, string> = {
  dns: 'did not resolve',
  refused: 'refused connections',
  unreachable: 'could not be reached',
};

/** Why a task of a given-up site was skipped, in words. */
export function unreachableSkipMessage(site: string, reason: SiteUnreachableReason): string {
  return `${site} ${REASON_WORDS[reason]}; skipped for this scan`;
}

/** Probes remembered at once; the oldest are forgotten first (forgetting one only costs a wait). */
const MAX_PROBES = 10_000;

export function createSiteReachability(deps: {
  sites: Pick<ScanSiteRepository, 'markUnreachable' | 'unreachableSite' | 'countSkipped'>;
}) {
  const { sites } = deps;
  // Per scan and site, in this process: the first task's fetch in flight (the others wait for it, so
  // that a site that is gone is tried once, not once per task running beside it), or 'reachable' once
  // one task got through.
  const probes = new Map<string, Promise<void> | 'reachable'>();

  function remember(key: string, state: Promise<void> | 'reachable'): void {
    probes.delete(key);
    probes.set(key, state);
    while (probes.size > MAX_PROBES) probes.delete(probes.keys().next().value!);
  }

  /** Runs the task's work; a SiteUnreachableError gives its site up and skips the task. */
  async function attempt(
    scanId: string,
    work: () => Promise<StageOutcome>,
  ): Promise<{ outcome: StageOutcome; gaveUp: boolean }> {
    try {
      return { outcome: await work(), gaveUp: false };
    } catch (error) {
      if (!(error instanceof SiteUnreachableError)) throw error;
      const row = await sites.markUnreachable(scanId, error.url, error.reason, error.message);
      if (row) await sites.countSkipped(scanId, row.site);
      const site = row?.site ?? error.url;
      return {
        outcome: {
          status: 'skipped',
          error: `${error.message} ${site} is skipped for the rest of this scan.`,
        },
        gaveUp: true,
      };
    }
  }

  return {
    /**
     * Runs a task whose work fetches `subjectUrl` (null: no site of its own, e.g. a search API): skipped
     * at once when the scan gave that site up, else run, with the site given up if the fetch found it
     * gone. Other failures are the caller's.
     */
    async guard(
      scanId: string,
      subjectUrl: string | null,
      work: () => Promise<StageOutcome>,
    ): Promise<StageOutcome> {
      const site = subjectUrl === null ? null : siteKeyOf(subjectUrl);
      if (subjectUrl === null || site === null) return (await attempt(scanId, work)).outcome;
      const key = `${scanId} ${site}`;
      for (;;) {
        const given = await sites.unreachableSite(scanId, subjectUrl);
        if (given?.unreachableReason) {
          await sites.countSkipped(scanId, given.site);
          return {
            status: 'skipped',
            error: unreachableSkipMessage(
              given.site,
              given.unreachableReason as SiteUnreachableReason,
            ),
          };
        }
        const state = probes.get(key);
        if (state === 'reachable') return (await attempt(scanId, work)).outcome;
        if (state === undefined) break;
        await state;
      }
      let probeEnded!: () => void;
      remember(key, new Promise<void>((resolve) => (probeEnded = resolve)));
      let reachable = false;
      try {
        const { outcome, gaveUp } = await attempt(scanId, work);
        reachable = !gaveUp;
        return outcome;
      } finally {
        // A failure worth a retry (a timeout) proves nothing: the next task probes again.
        if (reachable) remember(key, 'reachable');
        else probes.delete(key);
        probeEnded();
      }
    },
  };
}

export type SiteReachability = ReturnType<typeof createSiteReachability>;
