// Index of the references' local-feature descriptors: "which stored descriptors are within distance d
// of this one", approximately. Each 256-bit descriptor is split into 16 words of 16 bits; a table per
// word lists the descriptors by that word's value. A query looks up its own 16 words (no bit flips)
// and checks every descriptor found on all 256 bits. A true match at distance 30 shares at least one
// word with ~90% probability, at 40 with ~75%; a copy has dozens of true matches, so retrieval of the
// reference is near certain while the work per query stays at 16 table lookups. Overfull buckets are
// skipped (see STOP_WORD_MIN).
//
// Memory per stored descriptor: 32 bytes (descriptor) + 4 (owner) + 2 (keypoint) + 16 × 4 (tables)
// = 102 bytes; a reference with 132 keypoints costs ~13 KiB in memory (the database keeps only the
// fingerprint). Additions are scanned linearly until the tables are rebuilt (at the next search after
// more than 256 additions).
import { DESCRIPTOR_WORDS, popcount32 } from './local-features.ts';

const TABLES = 16;
const BUCKETS = 1 << 16;
/**
 * Descriptor words are far from uniform (edge-like patches give the same few words), so a few buckets
 * hold hundreds of times their share. Those are skipped, like the stop words of a text index: their
 * descriptors say little, and the cost of a query stays near 16 × (entries / 65,536).
 */
const STOP_WORD_MIN = 16;
const STOP_WORD_FACTOR = 8;

/** Hits of a search, in query order: hit k pairs query[k] with stored keypoint[k] of owner[k]. */
export interface FeatureHits {
  count: number;
  query: Uint32Array;
  owner: Uint32Array;
  keypoint: Uint16Array;
  distance: Uint16Array;
}

export class FeatureIndex {
  private descriptors = new Uint32Array(DESCRIPTOR_WORDS * 4096);
  private owners = new Uint32Array(4096);
  private keypoints = new Uint16Array(4096);
  private count = 0;
  /** Entries [0, indexed) are in the tables; later ones are pending. */
  private indexed = 0;
  private offsets: Uint32Array[] = [];
  private entries: Uint32Array[] = [];
  private removedOwners = new Set<number>();
  private stamp = new Uint32Array(4096);
  private stampValue = 0;

  get size(): number {
    return this.count;
  }

  /** Stores the descriptors of one owner (a reference slot). */
  add(owner: number, descriptors: Uint32Array, keypointCount: number): void {
    this.removedOwners.delete(owner);
    this.ensureCapacity(this.count + keypointCount);
    this.descriptors.set(
      descriptors.subarray(0, keypointCount * DESCRIPTOR_WORDS),
      this.count * DESCRIPTOR_WORDS,
    );
    for (let k = 0; k < keypointCount; k++) {
      this.owners[this.count + k] = owner;
      this.keypoints[this.count + k] = k;
    }
    this.count += keypointCount;
  }

  /** Forgets an owner's descriptors (dropped for good at the next rebuild). */
  remove(owner: number): void {
    this.removedOwners.add(owner);
    if (this.removedOwners.size > 256) this.rebuild();
  }

  /**
   * Every stored descriptor within `maxDistance` of a query descriptor that shares one of its 16 words
   * exactly (see the file comment), once per (query, stored descriptor), in query order.
   */
  search(queries: Uint32Array, queryCount: number, maxDistance: number): FeatureHits {
    // Pending entries are scanned one by one for every query: past a few hundred, indexing is cheaper.
    if (this.count - this.indexed > 256) this.rebuild();
    const maxBucket = STOP_WORD_MIN + Math.ceil((STOP_WORD_FACTOR * this.indexed) / BUCKETS);
    if (this.stamp.length < this.count)
      this.stamp = new Uint32Array(this.descriptors.length / DESCRIPTOR_WORDS);
    const descriptors = this.descriptors;
    const stamp = this.stamp;
    const removed = this.removedOwners;
    let capacity = 1024;
    let hits: FeatureHits = {
      count: 0,
      query: new Uint32Array(capacity),
      owner: new Uint32Array(capacity),
      keypoint: new Uint16Array(capacity),
      distance: new Uint16Array(capacity),
    };
    const check = (q: number, e: number, mark: number) => {
      if (stamp[e] === mark) return;
      stamp[e] = mark;
      const qb = q * DESCRIPTOR_WORDS;
      const eb = e * DESCRIPTOR_WORDS;
      let d = 0;
      for (let w = 0; w < DESCRIPTOR_WORDS && d <= maxDistance; w++)
        d += popcount32(queries[qb + w]! ^ descriptors[eb + w]!);
      if (d > maxDistance) return;
      const owner = this.owners[e]!;
      if (removed.size > 0 && removed.has(owner)) return;
      if (hits.count === capacity) {
        capacity *= 2;
        const grown: FeatureHits = {
          count: hits.count,
          query: new Uint32Array(capacity),
          owner: new Uint32Array(capacity),
          keypoint: new Uint16Array(capacity),
          distance: new Uint16Array(capacity),
        };
        grown.query.set(hits.query);
        grown.owner.set(hits.owner);
        grown.keypoint.set(hits.keypoint);
        grown.distance.set(hits.distance);
        hits = grown;
      }
      const k = hits.count++;
      hits.query[k] = q;
      hits.owner[k] = owner;
      hits.keypoint[k] = this.keypoints[e]!;
      hits.distance[k] = d;
    };
    for (let q = 0; q < queryCount; q++) {
      if (++this.stampValue === 0xffffffff) {
        stamp.fill(0);
        this.stampValue = 1;
      }
      const mark = this.stampValue;
      const qb = q * DESCRIPTOR_WORDS;
      for (let t = 0; t < this.offsets.length; t++) {
        const word = t & 1 ? queries[qb + (t >> 1)]! >>> 16 : queries[qb + (t >> 1)]! & 0xffff;
        const offsets = this.offsets[t]!;
        const table = this.entries[t]!;
        const start = offsets[word]!;
        const end = offsets[word + 1]!;
        if (end - start > maxBucket) continue; // a "stop word": see the file comment
        for (let i = start; i < end; i++) check(q, table[i]!, mark);
      }
      for (let e = this.indexed; e < this.count; e++) check(q, e, mark);
    }
    return hits;
  }

  /** Builds the tables over every entry, dropping removed owners. */
  rebuild(): void {
    if (this.removedOwners.size > 0) {
      let kept = 0;
      for (let e = 0; e < this.count; e++) {
        if (this.removedOwners.has(this.owners[e]!)) continue;
        if (kept !== e) {
          this.descriptors.copyWithin(
            kept * DESCRIPTOR_WORDS,
            e * DESCRIPTOR_WORDS,
            (e + 1) * DESCRIPTOR_WORDS,
          );
          this.owners[kept] = this.owners[e]!;
          this.keypoints[kept] = this.keypoints[e]!;
        }
        kept++;
      }
      this.count = kept;
      this.removedOwners.clear();
    }
    const n = this.count;
    this.offsets = [];
    this.entries = [];
    for (let t = 0; t < TABLES; t++) {
      const offsets = new Uint32Array(BUCKETS + 1);
      const wordOf = (e: number) => {
        const v = this.descriptors[e * DESCRIPTOR_WORDS + (t >> 1)]!;
        return t & 1 ? v >>> 16 : v & 0xffff;
      };
      for (let e = 0; e < n; e++) offsets[wordOf(e) + 1]!++;
      for (let b = 0; b < BUCKETS; b++) offsets[b + 1]! += offsets[b]!;
      const fill = offsets.slice(0, BUCKETS);
      const table = new Uint32Array(n);
      for (let e = 0; e < n; e++) table[fill[wordOf(e)]!++] = e;
      this.offsets.push(offsets);
      this.entries.push(table);
    }
    this.indexed = n;
  }

  private ensureCapacity(entries: number): void {
    if (entries <= this.owners.length) return;
    const size = Math.max(entries, this.owners.length * 2);
    const descriptors = new Uint32Array(size * DESCRIPTOR_WORDS);
    descriptors.set(this.descriptors.subarray(0, this.count * DESCRIPTOR_WORDS));
    const owners = new Uint32Array(size);
    owners.set(this.owners.subarray(0, this.count));
    const keypoints = new Uint16Array(size);
    keypoints.set(this.keypoints.subarray(0, this.count));
    this.descriptors = descriptors;
    this.owners = owners;
    this.keypoints = keypoints;
  }
}
