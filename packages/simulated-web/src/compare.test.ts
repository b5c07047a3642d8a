// compareFindings: a scan that finds exactly what the simulated web planted passes; each kind of
// miss and of wrong finding is named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareFindings, describeComparison, type FindingLike } from './compare.ts';
import { startSimulatedWeb, type SimulatedWeb } from './index.ts';

let web: SimulatedWeb;

beforeAll(async () => {
  web = await startSimulatedWeb();
});
afterAll(async () => {
  await web?.close();
});

const finding = (overrides: Partial<FindingLike>): FindingLike => ({
  kind: 'leak',
  status: 'confirmed',
  pageUrl: 'http://127.0.0.1:1/',
  mediaUrl: null,
  reference: null,
  site: null,
  impersonation: null,
  ...overrides,
});

/** What a correct scan records. */
function perfect(): FindingLike[] {
  return [
    ...web.expected.leaks.map((leak) =>
      finding({
        pageUrl: leak.pageUrl,
        mediaUrl: leak.mediaUrl,
        reference: { name: leak.reference },
        site: { id: leak.site },
      }),
    ),
    ...web.expected.impersonators.map((fake) =>
      finding({
        kind: 'impersonation',
        pageUrl: fake.profileUrl,
        site: { id: fake.site },
        impersonation: { platform: fake.site, username: fake.username },
      }),
    ),
    ...web.expected.whitelisted.map((url) =>
      finding({
        pageUrl: url,
        status: 'whitelisted',
        reference: { name: web.creator.references[0]!.name },
      }),
    ),
  ];
}

describe('compareFindings', () => {
  it('passes a scan that found what was planted, with mentions on decoys and her own whitelisted profile', () => {
    const own = web.expected.notImpersonators.find(
      (other) => other.site === 'sim-social' && other.why.includes('own'),
    )!;
    const findings = [
      ...perfect(),
      ...web.expected.decoys.map((url) =>
        finding({ kind: 'mention', status: 'pending_review', pageUrl: url }),
      ),
      finding({
        kind: 'impersonation',
        status: 'whitelisted',
        pageUrl: own.profileUrl,
        site: { id: own.site },
        impersonation: { platform: own.site, username: own.username },
      }),
    ];
    const comparison = compareFindings(web.expected, findings);
    expect(describeComparison(comparison)).toEqual([]);
    expect(comparison.ok).toBe(true);
  });

  it('names missing leaks, impersonators and whitelisted pages', () => {
    const [firstLeak] = web.expected.leaks;
    const [firstFake] = web.expected.impersonators;
    const findings = perfect().filter(
      (f) =>
        f.pageUrl !== web.expected.whitelisted[0] &&
        f.pageUrl !== firstFake!.profileUrl &&
        !(f.pageUrl === firstLeak!.pageUrl && f.kind === 'leak'),
    );
    // A leak recorded as whitelisted does not count as found.
    findings.push(
      finding({
        pageUrl: firstLeak!.pageUrl,
        status: 'whitelisted',
        reference: { name: firstLeak!.reference },
      }),
    );
    const comparison = compareFindings(web.expected, findings);
    expect(comparison.ok).toBe(false);
    expect(comparison.missingLeaks).toEqual([firstLeak]);
    expect(comparison.missingImpersonators).toEqual([firstFake]);
    expect(comparison.missingWhitelisted).toEqual([web.expected.whitelisted[0]]);
  });

  it('names findings that must not exist', () => {
    const decoy = web.expected.decoys[0]!;
    const vip = web.expected.robotsDisallowed[0]!;
    const trapMedia = web.expected.privateTraps.find((url) => url.endsWith('.jpg'))!;
    const trapPage = web.expected.trapPages[0]!;
    const namesake = web.expected.notImpersonators.find((other) =>
      other.why.includes('another person'),
    )!;
    const ownPics = web.expected.notImpersonators.find((other) => other.site === 'sim-pics')!;
    const comparison = compareFindings(web.expected, [
      ...perfect(),
      finding({ pageUrl: decoy, reference: { name: 'luna-fox-01.jpg' } }),
      finding({ pageUrl: vip }),
      finding({ pageUrl: trapPage, mediaUrl: trapMedia }),
      finding({ pageUrl: web.expected.whitelisted[1]!, status: 'pending_review' }),
      finding({
        kind: 'impersonation',
        pageUrl: namesake.profileUrl,
        site: { id: namesake.site },
        impersonation: { platform: namesake.site, username: namesake.username },
      }),
      finding({
        kind: 'impersonation',
        status: 'pending_review',
        pageUrl: ownPics.profileUrl,
        site: { id: ownPics.site },
        impersonation: { platform: ownPics.site, username: ownPics.username },
      }),
    ]);
    expect(comparison.missingLeaks).toEqual([]);
    expect(comparison.unexpected.map((problem) => problem.why)).toEqual([
      'a decoy',
      'a page robots.txt forbids or a private address was fetched',
      'a page robots.txt forbids or a private address was fetched',
      'an official page is covered by the whitelist',
      'a decoy',
      "not an impersonator: the creator's own account",
    ]);
    expect(comparison.ok).toBe(false);
  });

  it('reads a page the same however its query is ordered', () => {
    const board = web.expected.leaks.find((leak) => leak.site === 'sim-board')!;
    const reordered = board.pageUrl.replace(
      'page=post&s=view&id=90211',
      'id=90211&s=view&page=post',
    );
    const findings = perfect().map((f) =>
      f.pageUrl === board.pageUrl ? { ...f, pageUrl: `${reordered}#top` } : f,
    );
    expect(compareFindings(web.expected, findings).missingLeaks).toEqual([]);
  });
});
