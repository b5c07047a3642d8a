// Reference index speed: ms per query at 10k, 100k and 1M references, beside brute force, at PDQ's
// match threshold (31 bits); and the index's memory per reference beyond the hash.
import { randomBytes } from 'node:crypto';
import { bruteForceSearch, HashIndex } from '@shark/engine/matching/hash-index.ts';

const THRESHOLD = 31;

function randomWords(): Uint16Array {
  const bytes = randomBytes(32);
  return new Uint16Array(bytes.buffer, bytes.byteOffset, 16).slice();
}

/** A near copy: 10 to 25 random bits flipped, like an edited picture. */
function nearCopy(words: Uint16Array): Uint16Array {
  const out = words.slice();
  const flips = 10 + Math.floor(Math.random() * 16);
  for (let i = 0; i < flips; i++) {
    const bit = Math.floor(Math.random() * 256);
    out[bit >> 4]! ^= 1 << (bit & 15);
  }
  return out;
}

function msPerQuery(queries: Uint16Array[], run: (q: Uint16Array) => unknown): number {
  for (const q of queries.slice(0, 20)) run(q);
  const started = performance.now();
  for (const q of queries) run(q);
  return (performance.now() - started) / queries.length;
}

const rows: string[][] = [];
for (const size of [10_000, 100_000, 1_000_000]) {
  const index = new HashIndex();
  const oracle = new Map<number, Uint16Array>();
  const references: Uint16Array[] = [];
  for (let id = 0; id < size; id++) {
    const words = randomWords();
    references.push(words);
    index.add(id, words);
    oracle.set(id, words);
  }
  const buildStarted = performance.now();
  index.rebuild();
  const buildMs = performance.now() - buildStarted;
  const queries = Array.from({ length: 2000 }, (_, i) =>
    i % 2 === 0 ? nearCopy(references[Math.floor(Math.random() * size)]!) : randomWords(),
  );
  const indexMs = msPerQuery(queries, (q) => index.search(q, THRESHOLD));
  const bruteQueries = queries.slice(0, size >= 1_000_000 ? 40 : 200);
  const bruteMs = msPerQuery(bruteQueries, (q) => bruteForceSearch(oracle, q, THRESHOLD));
  // The figures only count if the index finds what brute force finds.
  for (const q of bruteQueries.slice(0, 20)) {
    if (
      JSON.stringify(index.search(q, THRESHOLD)) !==
      JSON.stringify(bruteForceSearch(oracle, q, THRESHOLD))
    ) {
      throw new Error(`index and brute force disagree at ${size} references`);
    }
  }
  const memory = index.memory();
  rows.push([
    size.toLocaleString('en'),
    indexMs.toFixed(4),
    bruteMs.toFixed(2),
    (bruteMs / indexMs).toFixed(0),
    memory.perReferenceBytes.toFixed(1),
    (memory.fixedBytes / 1024).toFixed(0),
    buildMs.toFixed(0),
  ]);
}

const header = [
  'references',
  'index ms/query',
  'brute ms/query',
  'speed-up',
  'bytes/ref',
  'fixed KiB',
  'build ms',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
console.log(
  `\nPDQ reference index, queries within ${THRESHOLD} bits (half near copies, half random)`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
