import { describe, expect, it } from 'vitest';
import type {
  RevokedSession,
  SessionRevocationRepository,
} from './session-revocation-repository.ts';
import { createSessionRevocations } from './session-revocations.ts';

/** The revocation log as a list, with the reads it was asked for. */
function logStandIn() {
  const rows: RevokedSession[] = [];
  const reads: (Date | null)[] = [];
  let gate: Promise<void> = Promise.resolve();
  const repo: SessionRevocationRepository = {
    async revokedSince(since) {
      reads.push(since);
      const snapshot = rows.filter((row) => since === null || row.revokedAt >= since);
      await gate;
      return snapshot;
    },
    async pruneOlderThan() {},
  };
  return {
    repo,
    rows,
    reads,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => (release = resolve));
      return () => release();
    },
  };
}

function setUp() {
  const log = logStandIn();
  let clock = 1_000_000;
  const revocations = createSessionRevocations(log.repo, {
    cacheSeconds: 60,
    maxStalenessMs: 1_000,
    now: () => clock,
  });
  return {
    log,
    revocations,
    advance: (ms: number) => (clock += ms),
    at: () => clock,
  };
}

describe('session revocations', () => {
  it('reads the log before its first answer', async () => {
    const { log, revocations, at } = setUp();
    log.rows.push({ sessionId: 'a', revokedAt: new Date(at()) });
    expect(await revocations.isRevoked('a')).toBe(true);
    expect(await revocations.isRevoked('b')).toBe(false);
    expect(log.reads).toEqual([null]);
  });

  it('answers from memory while its copy is fresh, and reads again once it is not', async () => {
    const { log, revocations, advance, at } = setUp();
    await revocations.isRevoked('a');
    log.rows.push({ sessionId: 'a', revokedAt: new Date(at()) });
    advance(500);
    expect(await revocations.isRevoked('a')).toBe(false);
    advance(600);
    expect(await revocations.isRevoked('a')).toBe(true);
    expect(log.reads).toHaveLength(2);
  });

  it('reads again right after a request here may have revoked a session', async () => {
    const { log, revocations, at } = setUp();
    await revocations.isRevoked('a');
    log.rows.push({ sessionId: 'a', revokedAt: new Date(at()) });
    revocations.markStale();
    expect(await revocations.isRevoked('a')).toBe(true);
  });

  it('does not trust a read that started before the mark', async () => {
    const { log, revocations, at } = setUp();
    const release = log.hold();
    const first = revocations.isRevoked('a');
    // The revocation commits while the read is on its way and misses it.
    log.rows.push({ sessionId: 'a', revokedAt: new Date(at()) });
    revocations.markStale();
    const second = revocations.isRevoked('a');
    release();
    await first;
    expect(await second).toBe(true);
    expect(log.reads).toHaveLength(2);
  });

  it('shares one read among the checks that wait for it', async () => {
    const { log, revocations } = setUp();
    await Promise.all(['a', 'b', 'c'].map((id) => revocations.isRevoked(id)));
    expect(log.reads).toHaveLength(1);
  });

  it('reads on from a little before the newest revocation it has seen', async () => {
    const { log, revocations, advance, at } = setUp();
    const revokedAt = new Date(at());
    log.rows.push({ sessionId: 'a', revokedAt });
    await revocations.isRevoked('a');
    advance(2_000);
    await revocations.isRevoked('a');
    expect(log.reads[1]!.getTime()).toBe(revokedAt.getTime() - 10_000);
  });
});
