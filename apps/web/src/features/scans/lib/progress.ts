// The maths of a scan's live progress: task rows per stage and state (decision 0011) turned into
// the numbers and the bar the Scans card shows.
import {
  SCAN_STAGES,
  type Scan,
  type ScanStage,
  type ScanStatus,
  type StageProgress,
  type UnreachableSite,
} from '@shark/contracts/scans.ts';
import { count } from '#app/features/scans/lib/labels.ts';

/** Queued or running: poll it. */
export function isScanActive(status: ScanStatus): boolean {
  return status === 'queued' || status === 'running';
}

export interface StageSummary {
  stage: ScanStage;
  total: number;
  /** Done, failed or skipped: nothing more will happen to these. */
  finished: number;
  done: number;
  failed: number;
  skipped: number;
  /** Queued or running. */
  waiting: number;
}

export function summarizeStage(stage: ScanStage, progress: StageProgress): StageSummary {
  const finished = progress.done + progress.failed + progress.skipped;
  const waiting = progress.queued + progress.running;
  return {
    stage,
    total: finished + waiting,
    finished,
    done: progress.done,
    failed: progress.failed,
    skipped: progress.skipped,
    waiting,
  };
}

export interface ScanProgress {
  stages: StageSummary[];
  total: number;
  finished: number;
  /**
   * From 0 to 1. Stages add work as they go (a search leads to pages, a page to pictures), so the
   * share can fall back while a scan runs; it reaches 1 only once the scan has finished, and is
   * null while nothing is known yet (a queued scan with no work listed).
   */
  share: number | null;
}

export function scanProgress(scan: Pick<Scan, 'status' | 'stages'>): ScanProgress {
  const stages = SCAN_STAGES.map((stage) => summarizeStage(stage, scan.stages[stage]));
  const total = stages.reduce((sum, s) => sum + s.total, 0);
  const finished = stages.reduce((sum, s) => sum + s.finished, 0);
  if (!isScanActive(scan.status)) return { stages, total, finished, share: 1 };
  if (total === 0) return { stages, total, finished, share: null };
  // Never "100%" while the scan runs: the last task may still lead to more.
  return { stages, total, finished, share: Math.min(finished / total, 0.99) };
}

/** 0.4567 → "45%" (rounded down, so a running scan never reads 100%). */
export function formatShare(share: number): string {
  // The epsilon keeps 0.29 at 29% (0.29 * 100 is 28.999… in floating point).
  return `${Math.floor(Math.max(0, Math.min(1, share)) * 100 + 1e-9)}%`;
}

export function totalFindings(findings: Scan['findings']): number {
  return findings.leak + findings.mention + findings.impersonation;
}

const UNREACHABLE_WORDS: Record<UnreachableSite['reason'], string> = {
  dns: 'did not resolve',
  refused: 'refused connections',
  unreachable: 'could not be reached',
};

export interface SiteNotes {
  /** "Skipped 2 sites that could not be reached", or null when the scan gave none up. */
  unreachable: { heading: string; lines: string[] } | null;
  /** "Searched 1 site further from copies found there", or null when it searched none further. */
  expanded: { heading: string; lines: string[] } | null;
}

/** What the scan did differently on some sites: those it gave up, those it searched further. */
export function siteNotes(sites: Scan['sites']): SiteNotes {
  const siteCount = (n: number) => count(n, 'site', 'sites');
  return {
    unreachable:
      sites.unreachable.length === 0
        ? null
        : {
            heading: `Skipped ${siteCount(sites.unreachable.length)} that could not be reached`,
            lines: sites.unreachable.map(
              (s) =>
                `${s.site} — ${UNREACHABLE_WORDS[s.reason]} (${count(s.skippedTasks, 'task', 'tasks')})`,
            ),
          },
    expanded:
      sites.expanded.length === 0
        ? null
        : {
            heading: `Searched ${siteCount(sites.expanded.length)} further from copies found there`,
            lines: sites.expanded.map(
              (s) =>
                `${s.site} — pages ${s.pages.toLocaleString('en-US')} of ${s.budget.toLocaleString('en-US')}`,
            ),
          },
  };
}
