import type { Finding, FindingPage } from '@shark/contracts/findings.ts';
import { describe, expect, it } from 'vitest';
import { actionsFor, withReview } from './review.ts';

function finding(id: string, status: Finding['status'] = 'pending_review'): Finding {
  return {
    id,
    kind: 'leak',
    status,
    reviewedBy: null,
    pageUrl: `https://tube.example/v/${id}`,
    mediaUrl: null,
    pageTitle: `Video ${id}`,
    site: { id: 'tube', name: 'Tube', kind: 'tube' },
    reference: { id: 'ref', name: 'beach.jpg' },
    distance: 12,
    confidence: 0.8,
    hasThumbnail: true,
    isDarkWeb: false,
    mirrorOf: null,
    impersonation: null,
    whitelistedBy: null,
    source: 'brave-web',
    firstSeenAt: '2025-05-01T00:00:00Z',
    lastSeenAt: '2025-05-02T00:00:00Z',
  };
}

const counts = { pending_review: 3, confirmed: 1, rejected: 0, whitelisted: 0 };
const pages: FindingPage[] = [
  { findings: [finding('a'), finding('b')], nextCursor: 'c1', counts },
  { findings: [finding('c')], nextCursor: null, counts },
];

describe('withReview', () => {
  it('takes the finding out of a list of another status and moves the counts', () => {
    const next = withReview(pages, finding('b'), 'confirmed', 'pending_review');
    expect(next.flatMap((p) => p.findings.map((f) => f.id))).toEqual(['a', 'c']);
    for (const page of next) {
      expect(page.counts).toEqual({ pending_review: 2, confirmed: 2, rejected: 0, whitelisted: 0 });
    }
    expect(next[0]?.nextCursor).toBe('c1');
  });

  it('updates the finding in place in a list of the status it moves to', () => {
    const confirmedPages: FindingPage[] = [
      { findings: [finding('x', 'confirmed')], nextCursor: null, counts },
    ];
    const next = withReview(confirmedPages, finding('x', 'confirmed'), 'confirmed', 'confirmed');
    expect(next).toBe(confirmedPages);

    const moved = withReview(pages, finding('a'), 'rejected', 'rejected');
    expect(moved[0]?.findings.map((f) => f.id)).toEqual(['a', 'b']);
    expect(moved[0]?.counts.rejected).toBe(1);
  });

  it('never counts below zero', () => {
    const next = withReview(
      [{ findings: [], nextCursor: null, counts: { ...counts, rejected: 0 } }],
      finding('z', 'rejected'),
      'confirmed',
      'pending_review',
    );
    expect(next[0]?.counts.rejected).toBe(0);
    expect(next[0]?.counts.confirmed).toBe(2);
  });

  it('leaves the original pages untouched', () => {
    withReview(pages, finding('a'), 'whitelisted', 'pending_review');
    expect(pages[0]?.findings).toHaveLength(2);
    expect(pages[0]?.counts.pending_review).toBe(3);
  });
});

describe('actionsFor', () => {
  it('offers every action while a finding waits, the other decisions after one, none when whitelisted', () => {
    expect(actionsFor('pending_review')).toEqual(['confirm', 'reject', 'whitelist']);
    expect(actionsFor('confirmed')).toEqual(['reject', 'whitelist']);
    expect(actionsFor('rejected')).toEqual(['confirm', 'whitelist']);
    expect(actionsFor('whitelisted')).toEqual([]);
  });
});
