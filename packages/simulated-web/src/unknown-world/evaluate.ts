// How well a scan of the unknown world did: the share of planted copies it found, what it reported that
// is not there, which impersonators it caught, whether takedowns went first to each site's own channel,
// and whether it kept out of what robots.txt forbids.
import type { UnknownExpected } from './model.ts';

/** A finding as GET /api/findings returns it (only the fields read here). */
export interface ObservedFinding {
  kind: string;
  status: string;
  pageUrl: string;
  mediaUrl?: string | null;
  reference?: { name: string } | null;
  impersonation?: { username: string } | null;
}

export interface ObservedScan {
  findings: ObservedFinding[];
  /** The level-0 recipient of each takedown. */
  firstRecipients: { pageUrl: string; address: string }[];
  scanSeconds: number;
}

export interface FalseFinding {
  kind: string;
  pageUrl: string;
  detail: string;
}

export interface UnknownWorldFigures {
  /** found / expectedCount: robots-allowed copies found as leak findings of their page and reference. */
  recall: number;
  found: number;
  expectedCount: number;
  missed: { pageUrl: string; reference: string; embedding: string; namesHer: boolean }[];
  falseFindings: number;
  falseFindingList: FalseFinding[];
  impersonatorsFound: number;
  impersonatorsExpected: number;
  lookAlikeReported: boolean;
  firstRecipientsOwnChannel: number;
  firstRecipientsTotal: number;
  /** First recipients that were not the site's own channel: page, address used, address expected. */
  otherRecipients: { pageUrl: string; address: string; expected: string | null }[];
  robotsViolations: number;
  robotsViolationUrls: string[];
  scanSeconds: number;
  describe(): string[];
}

/** What the evaluator needs of a world: its expectations and the requests it saw. */
export interface EvaluatedWorld {
  expected: UnknownExpected;
  robotsViolations(): { url: string }[];
}

function normal(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

const handleOf = (profileUrl: string) => {
  const path = new URL(profileUrl).pathname;
  return path
    .replace(/^\/(@|u\/)/, '')
    .replace(/\/$/, '')
    .toLowerCase();
};

const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)} %`;

export function evaluateUnknownWorld(
  world: EvaluatedWorld,
  observed: ObservedScan,
): UnknownWorldFigures {
  const { expected } = world;
  const counted = expected.leaks.filter(
    (leak, index, all) =>
      leak.robotsAllowed &&
      all.findIndex(
        (other) => other.pageUrl === leak.pageUrl && other.reference === leak.reference,
      ) === index,
  );
  const leakKeys = new Set(
    observed.findings
      .filter((finding) => finding.kind === 'leak' && finding.reference)
      .map((finding) => `${normal(finding.pageUrl)} ${finding.reference!.name}`),
  );
  const missed = counted
    .filter((leak) => !leakKeys.has(`${normal(leak.pageUrl)} ${leak.reference}`))
    .map(({ pageUrl, reference, embedding, namesHer }) => ({
      pageUrl,
      reference,
      embedding,
      namesHer,
    }));
  const found = counted.length - missed.length;

  const copies = [...expected.leaks, ...expected.otherCopies];
  const pagesWithCopies = new Set(copies.map((copy) => normal(copy.pageUrl)));
  const copyKeys = new Set(copies.map((copy) => `${normal(copy.pageUrl)} ${copy.reference}`));
  const decoys = new Set(expected.decoys.map(normal));
  const whitelisted = new Set(expected.whitelisted.map(normal));
  const ownOrigins = new Set(expected.whitelisted.map((url) => new URL(url).origin));
  const impersonatorHandles = new Set(expected.impersonators.map((i) => i.handle.toLowerCase()));
  const lookAlikes = new Set(expected.notImpersonators.map((n) => n.handle.toLowerCase()));
  const reportedHandles = new Set<string>();
  const falseFindingList: FalseFinding[] = [];

  for (const finding of observed.findings) {
    const page = normal(finding.pageUrl);
    if (finding.kind === 'impersonation') {
      const handle = (finding.impersonation?.username ?? handleOf(finding.pageUrl)).toLowerCase();
      reportedHandles.add(handle);
      if (!impersonatorHandles.has(handle))
        falseFindingList.push({
          kind: finding.kind,
          pageUrl: finding.pageUrl,
          detail: lookAlikes.has(handle)
            ? `@${handle} is a look-alike, not her`
            : `@${handle} is not an impersonator`,
        });
      continue;
    }
    if (finding.kind !== 'leak' && finding.kind !== 'mention') continue;
    // Her own pages are hers: a whitelisted finding there is the right outcome.
    if (
      finding.status === 'whitelisted' ||
      whitelisted.has(page) ||
      ownOrigins.has(new URL(page).origin)
    )
      continue;
    if (decoys.has(page)) {
      falseFindingList.push({
        kind: finding.kind,
        pageUrl: finding.pageUrl,
        detail: 'a decoy page',
      });
    } else if (!pagesWithCopies.has(page)) {
      falseFindingList.push({
        kind: finding.kind,
        pageUrl: finding.pageUrl,
        detail: 'no copy of hers on this page',
      });
    } else if (
      finding.kind === 'leak' &&
      finding.reference &&
      !copyKeys.has(`${page} ${finding.reference.name}`)
    ) {
      falseFindingList.push({
        kind: finding.kind,
        pageUrl: finding.pageUrl,
        detail: `the page holds no copy of ${finding.reference.name}`,
      });
    }
  }

  const impersonatorsFound = expected.impersonators.filter((i) =>
    reportedHandles.has(i.handle.toLowerCase()),
  ).length;
  const lookAlikeReported = [...lookAlikes].some((handle) => reportedHandles.has(handle));

  const otherRecipients: UnknownWorldFigures['otherRecipients'] = [];
  let ownChannel = 0;
  for (const recipient of observed.firstRecipients) {
    let origin: string;
    try {
      origin = new URL(recipient.pageUrl).origin;
    } catch {
      origin = recipient.pageUrl;
    }
    const contact = expected.siteContacts[origin];
    const same = (a: string, b: string) =>
      a.replace(/^mailto:/i, '').toLowerCase() === b.toLowerCase() || normal(a) === normal(b);
    if (
      contact &&
      (same(recipient.address, contact.address) ||
        (contact.formAction !== undefined && same(recipient.address, contact.formAction)))
    )
      ownChannel++;
    else
      otherRecipients.push({
        pageUrl: recipient.pageUrl,
        address: recipient.address,
        expected: contact?.address ?? null,
      });
  }

  const violations = world.robotsViolations().map((request) => request.url);
  const figures: Omit<UnknownWorldFigures, 'describe'> = {
    recall: counted.length === 0 ? 0 : found / counted.length,
    found,
    expectedCount: counted.length,
    missed,
    falseFindings: falseFindingList.length,
    falseFindingList,
    impersonatorsFound,
    impersonatorsExpected: expected.impersonators.length,
    lookAlikeReported,
    firstRecipientsOwnChannel: ownChannel,
    firstRecipientsTotal: observed.firstRecipients.length,
    otherRecipients,
    robotsViolations: violations.length,
    robotsViolationUrls: [...new Set(violations)],
    scanSeconds: observed.scanSeconds,
  };
  return {
    ...figures,
    describe: () => {
      const unnamed = counted.filter((leak) => !leak.namesHer);
      const unnamedFound = unnamed.filter((leak) =>
        leakKeys.has(`${normal(leak.pageUrl)} ${leak.reference}`),
      ).length;
      return [
        `recall: ${percent(found, counted.length)} (${found} of ${counted.length} copies; ${unnamedFound} of ${unnamed.length} on pages that never name her)`,
        `false findings: ${figures.falseFindings}${falseFindingList
          .slice(0, 5)
          .map((f) => `\n  - ${f.kind} ${f.pageUrl}: ${f.detail}`)
          .join('')}`,
        `impersonators found: ${impersonatorsFound} / ${figures.impersonatorsExpected}; look-alike reported: ${lookAlikeReported ? 'yes' : 'no'}`,
        `first recipients to the site's own channel: ${ownChannel} / ${figures.firstRecipientsTotal}`,
        `robots.txt violations: ${figures.robotsViolations}${figures.robotsViolationUrls
          .slice(0, 3)
          .map((url) => `\n  - ${url}`)
          .join('')}`,
        `scan time: ${observed.scanSeconds.toFixed(1)} s`,
      ];
    },
  };
}
