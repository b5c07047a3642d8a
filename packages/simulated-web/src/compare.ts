// Compares a scan's findings (GET /api/findings items) with what the simulated web expects, so the
// demo can say whether the scan found everything, and an end-to-end test can assert it in one line.
import type { Expected, ExpectedImpersonator, ExpectedLeak } from './scenario.ts';

/** The fields of a finding (packages/contracts findingSchema) the comparison reads. */
export interface FindingLike {
  kind: 'leak' | 'mention' | 'impersonation';
  status: 'pending_review' | 'confirmed' | 'rejected' | 'whitelisted';
  pageUrl: string;
  mediaUrl: string | null;
  reference: { name: string } | null;
  site: { id: string | null } | null;
  impersonation: { platform: string; username: string } | null;
}

export interface FindingProblem {
  finding: FindingLike;
  why: string;
}

export interface FindingComparison {
  /** Expected leaks with no leak finding (of that page and reference) that is not whitelisted. */
  missingLeaks: ExpectedLeak[];
  missingImpersonators: ExpectedImpersonator[];
  /** Official pages with no whitelisted finding. */
  missingWhitelisted: string[];
  /** Findings that must not exist. */
  unexpected: FindingProblem[];
  ok: boolean;
}

/** The same page however a crawler writes it: no fragment, query parameters sorted. */
export function sameUrlKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    parsed.searchParams.sort();
    return parsed.href;
  } catch {
    return url;
  }
}

export function compareFindings(
  expected: Expected,
  findings: readonly FindingLike[],
): FindingComparison {
  const enforced = (finding: FindingLike) => finding.status !== 'whitelisted';
  const onPage = (url: string) =>
    findings.filter((finding) => sameUrlKey(finding.pageUrl) === sameUrlKey(url));
  const sameUser = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  const missingLeaks = expected.leaks.filter(
    (leak) =>
      !onPage(leak.pageUrl).some(
        (f) => f.kind === 'leak' && enforced(f) && f.reference?.name === leak.reference,
      ),
  );
  const missingImpersonators = expected.impersonators.filter(
    (fake) =>
      !findings.some(
        (f) =>
          f.kind === 'impersonation' &&
          enforced(f) &&
          f.site?.id === fake.site &&
          sameUser(f.impersonation?.username ?? '', fake.username),
      ),
  );
  const missingWhitelisted = expected.whitelisted.filter(
    (url) => !onPage(url).some((f) => f.status === 'whitelisted'),
  );

  const unexpected: FindingProblem[] = [];
  const decoys = new Set(expected.decoys.map(sameUrlKey));
  const forbidden = new Set(
    [...expected.robotsDisallowed, ...expected.privateTraps].map(sameUrlKey),
  );
  const whitelisted = new Set(expected.whitelisted.map(sameUrlKey));
  for (const finding of findings) {
    const page = sameUrlKey(finding.pageUrl);
    const media = finding.mediaUrl === null ? null : sameUrlKey(finding.mediaUrl);
    if (forbidden.has(page) || (media !== null && forbidden.has(media))) {
      unexpected.push({
        finding,
        why: 'a page robots.txt forbids or a private address was fetched',
      });
    } else if (whitelisted.has(page) && enforced(finding)) {
      unexpected.push({ finding, why: 'an official page is covered by the whitelist' });
    } else if (decoys.has(page) && finding.kind !== 'mention') {
      unexpected.push({ finding, why: 'a decoy' });
    } else if (finding.kind === 'impersonation' && enforced(finding)) {
      const other = expected.notImpersonators.find(
        (candidate) =>
          candidate.site === finding.site?.id &&
          sameUser(candidate.username, finding.impersonation?.username ?? ''),
      );
      if (other) unexpected.push({ finding, why: `not an impersonator: ${other.why}` });
    }
  }
  return {
    missingLeaks,
    missingImpersonators,
    missingWhitelisted,
    unexpected,
    ok:
      missingLeaks.length +
        missingImpersonators.length +
        missingWhitelisted.length +
        unexpected.length ===
      0,
  };
}

/** The comparison in a few lines for people. */
export function describeComparison(comparison: FindingComparison): string[] {
  const lines: string[] = [];
  for (const leak of comparison.missingLeaks)
    lines.push(`missed leak: ${leak.pageUrl} (${leak.reference}, ${leak.edit})`);
  for (const fake of comparison.missingImpersonators)
    lines.push(`missed impersonator: ${fake.username} on ${fake.site}`);
  for (const url of comparison.missingWhitelisted)
    lines.push(`official page not recorded as whitelisted: ${url}`);
  for (const problem of comparison.unexpected) {
    const who = problem.finding.impersonation ? ` @${problem.finding.impersonation.username}` : '';
    lines.push(
      `unexpected ${problem.finding.kind} (${problem.finding.status})${who} at ${problem.finding.pageUrl}: ${problem.why}`,
    );
  }
  return lines;
}
