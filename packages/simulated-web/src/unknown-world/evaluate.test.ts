// The unknown world's evaluator on a small hand-made world: recall by page and reference, what counts
// as a false finding, impersonators and the look-alike, first recipients and robots.txt violations.
import { describe, expect, it } from 'vitest';
import { evaluateUnknownWorld, type ObservedFinding } from './evaluate.ts';
import { emptyExpected, type UnknownExpected } from './model.ts';

const FORUM = 'http://127.0.0.1:4001';
const NETWORK = 'http://127.0.0.1:4002';
const COMPANY = 'http://127.0.0.1:4003';
const OWN = 'http://127.0.0.1:4004';

function expected(): UnknownExpected {
  const e = emptyExpected();
  const leak = (page: string, reference: string, robotsAllowed = true, namesHer = false) =>
    e.leaks.push({
      pageUrl: `${FORUM}${page}`,
      mediaUrl: `${FORUM}/a/${reference}`,
      reference,
      site: 'forum',
      embedding: 'img',
      edit: 'resize',
      namesHer,
      robotsAllowed,
      reachedBy: 'pagination',
    });
  leak('/t/1', 'a.jpg', true, true);
  leak('/t/1/page-2', 'b.jpg');
  leak('/t/1/page-3', 'c.jpg');
  leak('/private/9', 'd.jpg', false);
  e.otherCopies.push({ pageUrl: `${FORUM}/`, mediaUrl: `${FORUM}/thumb/a`, reference: 'a.jpg' });
  e.impersonators.push(
    {
      site: 'network',
      handle: 'lunafox_official',
      profileUrl: `${NETWORK}/@lunafox_official`,
      reachedBy: 'search-result',
    },
    {
      site: 'network',
      handle: 'lunaf0x',
      profileUrl: `${NETWORK}/@lunaf0x`,
      reachedBy: 'username-variant',
    },
    {
      site: 'network',
      handle: 'lunafox.vip',
      profileUrl: `${NETWORK}/@lunafox.vip`,
      reachedBy: 'network-search',
    },
  );
  e.notImpersonators.push({
    site: 'network',
    handle: 'lunafoxx',
    profileUrl: `${NETWORK}/@lunafoxx`,
    why: 'someone else',
  });
  e.decoys.push(`${COMPANY}/`, `${FORUM}/t/1/page-4`);
  e.whitelisted.push(`${OWN}/`);
  e.siteContacts[FORUM] = {
    address: 'legal@forum.example',
    channel: 'email',
    publishedAt: `${FORUM}/legal`,
  };
  e.siteContacts[NETWORK] = {
    address: `${NETWORK}/contact`,
    channel: 'form',
    publishedAt: `${NETWORK}/contact`,
    formAction: `${NETWORK}/contact/submit`,
  };
  return e;
}

const leak = (page: string, reference: string, status = 'confirmed'): ObservedFinding => ({
  kind: 'leak',
  status,
  pageUrl: page,
  mediaUrl: `${page}/x.jpg`,
  reference: { name: reference },
  impersonation: null,
});
const other = (kind: string, page: string, username?: string): ObservedFinding => ({
  kind,
  status: 'pending_review',
  pageUrl: page,
  reference: null,
  impersonation: username ? { username } : null,
});

describe('evaluateUnknownWorld', () => {
  it('measures recall over robots-allowed copies, by page and reference', () => {
    const world = { expected: expected(), robotsViolations: () => [] };
    const figures = evaluateUnknownWorld(world, {
      findings: [
        leak(`${FORUM}/t/1`, 'a.jpg'),
        leak(`${FORUM}/t/1/page-2#post-3`, 'b.jpg'),
        // The right page with the wrong reference finds nothing, and is false.
        leak(`${FORUM}/t/1/page-3`, 'a.jpg'),
      ],
      firstRecipients: [],
      scanSeconds: 12.5,
    });
    expect(figures.expectedCount).toBe(3);
    expect(figures.found).toBe(2);
    expect(figures.recall).toBeCloseTo(2 / 3);
    expect(figures.missed).toEqual([
      { pageUrl: `${FORUM}/t/1/page-3`, reference: 'c.jpg', embedding: 'img', namesHer: false },
    ]);
    expect(figures.falseFindingList).toEqual([
      { kind: 'leak', pageUrl: `${FORUM}/t/1/page-3`, detail: 'the page holds no copy of a.jpg' },
    ]);
  });

  it('counts findings on decoys and on pages without a copy as false, but not a mention beside a copy', () => {
    const world = { expected: expected(), robotsViolations: () => [] };
    const figures = evaluateUnknownWorld(world, {
      findings: [
        other('mention', `${COMPANY}/`),
        other('mention', `${FORUM}/t/1`),
        other('mention', `${FORUM}/`),
        leak(`${FORUM}/t/1/page-4`, 'a.jpg'),
        leak(`${FORUM}/t/7`, 'a.jpg'),
        leak(`${OWN}/`, 'a.jpg', 'whitelisted'),
        leak(`${OWN}/gallery`, 'b.jpg'),
      ],
      firstRecipients: [],
      scanSeconds: 1,
    });
    expect(figures.falseFindingList.map((f) => `${f.kind} ${f.pageUrl}`)).toEqual([
      `mention ${COMPANY}/`,
      `leak ${FORUM}/t/1/page-4`,
      `leak ${FORUM}/t/7`,
    ]);
    expect(figures.falseFindings).toBe(3);
  });

  it('counts impersonators found and reports a look-alike taken for her', () => {
    const world = { expected: expected(), robotsViolations: () => [] };
    const figures = evaluateUnknownWorld(world, {
      findings: [
        other('impersonation', `${NETWORK}/@lunafox_official`, 'lunafox_official'),
        other('impersonation', `${NETWORK}/u/LunaF0x`),
        other('impersonation', `${NETWORK}/@lunafoxx`, 'lunafoxx'),
      ],
      firstRecipients: [],
      scanSeconds: 1,
    });
    expect(figures.impersonatorsFound).toBe(2);
    expect(figures.impersonatorsExpected).toBe(3);
    expect(figures.lookAlikeReported).toBe(true);
    expect(figures.falseFindingList).toEqual([
      {
        kind: 'impersonation',
        pageUrl: `${NETWORK}/@lunafoxx`,
        detail: '@lunafoxx is a look-alike, not her',
      },
    ]);
  });

  it('counts first recipients that are the site’s own channel, and robots.txt violations', () => {
    const world = {
      expected: expected(),
      robotsViolations: () => [{ url: `${FORUM}/private/9` }, { url: `${FORUM}/private/9` }],
    };
    const figures = evaluateUnknownWorld(world, {
      findings: [],
      firstRecipients: [
        { pageUrl: `${FORUM}/t/1`, address: 'mailto:Legal@forum.example' },
        { pageUrl: `${FORUM}/t/1/page-2`, address: 'abuse@hosting.example' },
        { pageUrl: `${NETWORK}/@lunaf0x`, address: `${NETWORK}/contact` },
        { pageUrl: `${NETWORK}/@lunafox.vip`, address: `${NETWORK}/contact/submit` },
        { pageUrl: `${NETWORK}/@lunafox_official`, address: `${NETWORK}/report` },
      ],
      scanSeconds: 3,
    });
    expect(figures.firstRecipientsOwnChannel).toBe(3);
    expect(figures.firstRecipientsTotal).toBe(5);
    expect(figures.otherRecipients).toEqual([
      {
        pageUrl: `${FORUM}/t/1/page-2`,
        address: 'abuse@hosting.example',
        expected: 'legal@forum.example',
      },
      {
        pageUrl: `${NETWORK}/@lunafox_official`,
        address: `${NETWORK}/report`,
        expected: `${NETWORK}/contact`,
      },
    ]);
    expect(figures.robotsViolations).toBe(2);
    expect(figures.robotsViolationUrls).toEqual([`${FORUM}/private/9`]);
    const lines = figures.describe();
    expect(lines[0]).toBe('recall: 0.0 % (0 of 3 copies; 0 of 2 on pages that never name her)');
    expect(lines).toContain("first recipients to the site's own channel: 3 / 5");
    expect(lines.at(-1)).toBe('scan time: 3.0 s');
  });
});
