import { describe, expect, it } from 'vitest';
import { AUTO_CONFIRM_CONFIDENCE } from '@shark/contracts/findings.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  decodeCursor,
  encodeCursor,
  findingKeys,
  initialState,
  whitelistedState,
} from './finding-rules.ts';

describe('findingKeys', () => {
  it('gives the same leak key to every way of writing one page', () => {
    const variants = [
      'https://www.tube.example/watch/123',
      'http://tube.example/watch/123/',
      'https://TUBE.example:443/watch/123?utm_source=x&fbclid=y#t=10',
      'tube.example/watch/123',
    ];
    const keys = variants.map(
      (pageUrl) => findingKeys({ kind: 'leak', pageUrl, referenceFileId: 'ref1' }).dedupKey,
    );
    expect(new Set(keys)).toEqual(new Set(['leak:tube.example/watch/123:ref1']));
  });

  it('keeps pages that a parameter chooses apart, and references apart', () => {
    const a = findingKeys({
      kind: 'leak',
      pageUrl: 'https://forum.example/viewtopic.php?t=1',
      referenceFileId: 'r',
    });
    const b = findingKeys({
      kind: 'leak',
      pageUrl: 'https://forum.example/viewtopic.php?t=2',
      referenceFileId: 'r',
    });
    const c = findingKeys({
      kind: 'leak',
      pageUrl: 'https://forum.example/viewtopic.php?t=1',
      referenceFileId: 's',
    });
    expect(new Set([a.dedupKey, b.dedupKey, c.dedupKey]).size).toBe(3);
    // One page, one lock: a leak and a mention of it are decided one after the other.
    expect(a.lockSubject).toBe(c.lockSubject);
    expect(
      findingKeys({ kind: 'mention', pageUrl: 'http://www.forum.example/viewtopic.php?t=1' })
        .lockSubject,
    ).toBe(a.lockSubject);
  });

  it('keys a mention by its page and an impersonation by site and lower-cased username', () => {
    expect(
      findingKeys({ kind: 'mention', pageUrl: 'https://board.example/thread/9?utm_medium=a' })
        .dedupKey,
    ).toBe('mention:board.example/thread/9');
    const imp = (username: string) =>
      findingKeys({
        kind: 'impersonation',
        pageUrl: `https://social.example/${username}`,
        site: { id: 'social' },
        impersonation: { platform: 'social', username },
      }).dedupKey;
    expect(imp('Alice_Official')).toBe('impersonation:social:alice_official');
    expect(imp('@alice_official ')).toBe('impersonation:social:alice_official');
    // A look-alike letter is another account (the impersonator's trick), not the same one.
    expect(imp('аlice_official')).not.toBe(imp('alice_official'));
  });

  it('refuses what the pipeline should never send', () => {
    expect(() => findingKeys({ kind: 'leak', pageUrl: 'ftp://files.example/a' })).toThrow(
      /Not a web address/,
    );
    expect(() =>
      findingKeys({
        kind: 'impersonation',
        pageUrl: 'https://social.example/x',
        impersonation: null,
      }),
    ).toThrow(/username/);
  });
});

describe('review states', () => {
  it('confirms sure leaks and impersonations automatically, never mentions', () => {
    expect(initialState('leak', AUTO_CONFIRM_CONFIDENCE, null)).toEqual({
      status: 'confirmed',
      reviewedBy: 'auto',
      whitelistEntryId: null,
    });
    expect(initialState('impersonation', 0.95, null).status).toBe('confirmed');
    expect(initialState('leak', AUTO_CONFIRM_CONFIDENCE - 0.01, null)).toEqual({
      status: 'pending_review',
      reviewedBy: null,
      whitelistEntryId: null,
    });
    expect(initialState('mention', 1, null).status).toBe('pending_review');
    expect(initialState('leak', 1, 'w1')).toEqual({
      status: 'whitelisted',
      reviewedBy: null,
      whitelistEntryId: 'w1',
    });
  });

  it('never confirms a likeness finding automatically, however close the face', () => {
    expect(initialState('likeness', 1, null)).toEqual({
      status: 'pending_review',
      reviewedBy: null,
      whitelistEntryId: null,
    });
    expect(initialState('likeness', 1, 'w1').status).toBe('whitelisted');
    // Back from the whitelist, it waits for her again.
    expect(
      whitelistedState(
        {
          kind: 'likeness',
          confidence: 1,
          status: 'whitelisted',
          reviewedBy: null,
          whitelistEntryId: 'w1',
        },
        null,
      )?.status,
    ).toBe('pending_review');
  });

  it('whitelists open findings, returns orphaned ones to review, leaves rejected ones alone', () => {
    const base = {
      kind: 'leak' as const,
      confidence: 0.5,
      reviewedBy: null,
      whitelistEntryId: null,
    };
    expect(whitelistedState({ ...base, status: 'pending_review' }, 'w1')).toEqual({
      status: 'whitelisted',
      reviewedBy: null,
      whitelistEntryId: 'w1',
    });
    expect(
      whitelistedState({ ...base, status: 'confirmed', reviewedBy: 'creator' }, 'w1')?.status,
    ).toBe('whitelisted');
    expect(whitelistedState({ ...base, status: 'rejected' }, 'w1')).toBeNull();
    expect(
      whitelistedState({ ...base, status: 'whitelisted', whitelistEntryId: 'w1' }, 'w1'),
    ).toBeNull();
    expect(
      whitelistedState({ ...base, status: 'whitelisted', whitelistEntryId: null }, 'w2')
        ?.whitelistEntryId,
    ).toBe('w2');
    expect(whitelistedState({ ...base, status: 'whitelisted' }, null)).toEqual({
      status: 'pending_review',
      reviewedBy: null,
      whitelistEntryId: null,
    });
    expect(
      whitelistedState({ ...base, confidence: 0.99, status: 'whitelisted' }, null)?.status,
    ).toBe('confirmed');
    expect(whitelistedState({ ...base, status: 'pending_review' }, null)).toBeNull();
  });
});

describe('list cursor', () => {
  it('round-trips and refuses anything else with a 400 on the cursor field', () => {
    const cursor = { firstSeenAt: '2025-03-01 10:20:30.123456+00', id: 'f1' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of [
      '',
      'nonsense',
      encodeCursor({ firstSeenAt: "now'); drop table finding; --", id: 'x' }),
      Buffer.from('[1,2]').toString('base64url'),
    ]) {
      let thrown: unknown;
      try {
        decodeCursor(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, bad).toBeInstanceOf(AppError);
      expect((thrown as AppError).status).toBe(400);
      expect((thrown as AppError).extra.fields).toHaveProperty('cursor');
    }
  });
});
