// The index against brute force, on random hashes with planted near neighbours (property-based).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForceSearch, HashIndex, hashToWords, wordsToHash } from './hash-index.ts';

const wordsArb = fc.uint16Array({ minLength: 16, maxLength: 16 });

/** Flips `bits` distinct random bit positions. */
function perturb(words: Uint16Array, positions: number[]): Uint16Array {
  const out = Uint16Array.from(words);
  for (const p of positions) out[p >> 4]! ^= 1 << (p & 15);
  return out;
}

describe('hash words', () => {
  it('round-trips hex in the reference order (word 15 prints first)', () => {
    fc.assert(
      fc.property(wordsArb, (words) => {
        expect(hashToWords(wordsToHash(words))).toEqual(words);
      }),
    );
    expect(hashToWords(`${'0'.repeat(60)}0001`)[0]).toBe(1);
    expect(hashToWords(`0001${'0'.repeat(60)}`)[15]).toBe(1);
  });

  it('rejects what is not a hash', () => {
    expect(() => hashToWords('xyz')).toThrow(/Not a 64-digit hex PDQ hash/);
  });
});

describe('HashIndex', () => {
  it('finds exactly what brute force finds, through adds, removes and rebuilds', () => {
    fc.assert(
      fc.property(
        fc.array(wordsArb, { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(59), fc.uniqueArray(fc.nat(255), { maxLength: 40 })), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.array(fc.nat(59), { maxLength: 20 }),
        fc.integer({ min: 0, max: 64 }),
        fc.boolean(),
        (bases, queries, removals, maxDistance, rebuildMidway) => {
          const index = new HashIndex();
          const oracle = new Map<number, Uint16Array>();
          // Near-duplicates of the bases, at several distances, make the search non-trivial.
          bases.forEach((words, i) => {
            index.add(i * 3, words);
            oracle.set(i * 3, words);
            const near = perturb(words, [i % 256, (i * 7) % 256, (i * 13 + 5) % 256]);
            index.add(i * 3 + 1, near);
            oracle.set(i * 3 + 1, near);
          });
          if (rebuildMidway) index.rebuild();
          for (const r of removals) {
            const id = (r % bases.length) * 3;
            expect(index.remove(id)).toBe(oracle.delete(id));
          }
          for (const [which, flips] of queries) {
            const query = perturb(bases[which % bases.length]!, flips);
            expect(index.search(query, maxDistance)).toEqual(
              bruteForceSearch(oracle, query, maxDistance),
            );
          }
          expect(index.size).toBe(oracle.size);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('agrees with brute force on thousands of uniformly random hashes at PDQ’s threshold', () => {
    const index = new HashIndex();
    const oracle = new Map<number, Uint16Array>();
    const random = fc.sample(wordsArb, { numRuns: 5000, seed: 42 });
    random.forEach((words, id) => {
      index.add(id, words);
      oracle.set(id, words);
    });
    index.rebuild();
    const queries = fc.sample(
      fc.tuple(fc.nat(4999), fc.uniqueArray(fc.nat(255), { maxLength: 45 })),
      { numRuns: 300, seed: 7 },
    );
    for (const [id, flips] of queries) {
      const query = perturb(random[id]!, flips);
      const expected = bruteForceSearch(oracle, query, 31);
      expect(index.search(query, 31)).toEqual(expected);
      if (flips.length <= 31) expect(expected.some((m) => m.id === id)).toBe(true);
    }
  });

  it('finds neighbours that differ in every word, which only the near-variant probes can reach', () => {
    fc.assert(
      fc.property(
        fc.array(wordsArb, { minLength: 20, maxLength: 80 }),
        fc.array(fc.nat(15), { minLength: 16, maxLength: 16 }),
        fc.uniqueArray(fc.nat(255), { maxLength: 15 }),
        fc.boolean(),
        (references, bitInEachWord, extraFlips, rebuilt) => {
          const index = new HashIndex();
          const oracle = new Map<number, Uint16Array>();
          references.forEach((words, id) => {
            index.add(id, words);
            oracle.set(id, words);
          });
          if (rebuilt) index.rebuild();
          // One flipped bit in each of the 16 words (16 bits), and up to 15 more: distance ≤ 31.
          const flips = new Set(bitInEachWord.map((bit, word) => word * 16 + bit));
          for (const extra of extraFlips) flips.add(extra);
          const query = perturb(references[0]!, [...flips]);
          const found = index.search(query, 31);
          expect(found).toEqual(bruteForceSearch(oracle, query, 31));
          expect(found.some((m) => m.id === 0)).toBe(flips.size <= 31);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('replaces the hash of an id added twice, also once it is in the tables', () => {
    const index = new HashIndex();
    const a = new Uint16Array(16);
    const b = new Uint16Array(16).fill(0xffff);
    const c = new Uint16Array(16).fill(0x0f0f);
    index.add(5, a);
    index.add(5, b);
    index.rebuild();
    index.add(5, c);
    expect(index.size).toBe(1);
    expect(index.search(c, 0)).toEqual([{ id: 5, distance: 0 }]);
    expect(index.search(b, 31)).toEqual([]);
    index.add(5, b);
    expect(index.size).toBe(1);
    expect(index.search(b, 0)).toEqual([{ id: 5, distance: 0 }]);
    expect(index.search(a, 10)).toEqual([]);
    expect(() => index.add(-1, a)).toThrow(RangeError);
    expect(() => index.search(a, 300)).toThrow(RangeError);
    expect(index.remove(99)).toBe(false);
  });

  it('holds 64 bytes per reference in its tables, beyond the hash', () => {
    const index = new HashIndex();
    fc.sample(wordsArb, { numRuns: 20000, seed: 1 }).forEach((words, id) => index.add(id, words));
    index.rebuild();
    expect(index.memory().perReferenceBytes).toBeLessThanOrEqual(64);
  });
});
