// Multi-index hashing over 256-bit PDQ hashes: "which references are within distance d of this hash".
//
// A hash is 16 words of 16 bits. By the pigeonhole principle, two hashes within distance d agree to
// within floor(d/16) bits on at least one word, so each of 16 tables (references sorted by one word)
// is probed with that word and its near variants, and the candidates are checked on all 256 bits.
//
// Memory per reference, beyond its 32-byte hash: one 4-byte id in each of the 16 tables (64 bytes);
// plus a fixed 16 KiB directory and a 64 KiB popcount table. References are identified by caller-chosen
// dense integer ids (the database's), so no id map is needed. Additions go to a small buffer that is
// scanned linearly and merged into the tables when it grows; removals are kept in a small set and
// dropped at the next merge.

const WORDS = 16;
const DIRECTORY_SIZE = 257; // by the top 8 bits of a word, plus an end marker

const POPCOUNT16 = (() => {
  const table = new Uint8Array(1 << 16);
  for (let i = 1; i < table.length; i++) table[i] = (i & 1) + table[i >> 1]!;
  return table;
})();

/** The hash's 16 words, word t being bits 16t…16t+15 (hex digits print word 15 first). */
export function hashToWords(hex: string): Uint16Array {
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    throw new Error(`Not a 64-digit hex PDQ hash: ${hex.slice(0, 70)}`);
  const words = new Uint16Array(WORDS);
  for (let t = 0; t < WORDS; t++)
    words[t] = Number.parseInt(hex.slice((15 - t) * 4, (16 - t) * 4), 16);
  return words;
}

export function wordsToHash(words: Uint16Array): string {
  let hex = '';
  for (let t = WORDS - 1; t >= 0; t--) hex += words[t]!.toString(16).padStart(4, '0');
  return hex;
}

export interface IndexMatch {
  id: number;
  distance: number;
}

export class HashIndex {
  /** Hash words by id: ids are slots (id·16 … id·16+15). */
  private words = new Uint16Array(WORDS * 1024);
  private tables: Uint32Array[] = [];
  private directories: Uint32Array[] = [];
  /** Ids added since the tables were built (present, not in the tables). */
  private pending = new Set<number>();
  /** Ids in the tables that have since been removed. */
  private removed = new Set<number>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(id: number): boolean {
    if (this.pending.has(id)) return true;
    return !this.removed.has(id) && this.inTables(id);
  }

  /** Adds or replaces the hash of reference `id` (a non-negative integer). */
  add(id: number, hash: string | Uint16Array): void {
    if (!Number.isInteger(id) || id < 0 || id > 0xfffffffe)
      throw new RangeError(`Reference id must be a 32-bit non-negative integer: ${id}`);
    const words = typeof hash === 'string' ? hashToWords(hash) : hash;
    this.remove(id);
    this.ensureCapacity(id + 1);
    // The tables are ordered by the words they were built with: an id still in them gets new words
    // only together with a rebuild.
    const inTables = this.inTables(id);
    this.words.set(words, id * WORDS);
    this.pending.add(id);
    this.count++;
    if (inTables || this.pending.size > Math.max(2048, this.count >> 6)) this.rebuild();
  }

  remove(id: number): boolean {
    if (this.pending.delete(id)) {
      this.count--;
      return true;
    }
    if (this.removed.has(id) || !this.inTables(id)) return false;
    this.removed.add(id);
    this.count--;
    if (this.removed.size > Math.max(1024, this.count >> 10)) this.rebuild();
    return true;
  }

  /** Every present reference within `maxDistance` bits of `hash`, nearest first. */
  search(hash: string | Uint16Array, maxDistance: number): IndexMatch[] {
    if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > 256)
      throw new RangeError(`maxDistance must be 0–256: ${maxDistance}`);
    const query = typeof hash === 'string' ? hashToWords(hash) : hash;
    const found = new Map<number, number>();
    const consider = (id: number) => {
      if (found.has(id) || this.removed.has(id)) return;
      const distance = this.distanceTo(id, query, maxDistance);
      if (distance <= maxDistance) found.set(id, distance);
    };

    const radius = Math.floor(maxDistance / WORDS);
    if (radius > 3) {
      // Past three flipped bits per word, probing costs more than looking at everything.
      this.tables[0]?.forEach(consider);
    } else {
      for (let t = 0; t < this.tables.length; t++) {
        forEachVariant(query[t]!, radius, (value) => this.probe(t, value, consider));
      }
    }
    for (const id of this.pending) consider(id);
    return [...found]
      .map(([id, distance]) => ({ id, distance }))
      .sort((a, b) => a.distance - b.distance || a.id - b.id);
  }

  /** Merges pending additions and drops removed references from the tables. */
  rebuild(): void {
    const ids: number[] = [];
    this.tables[0]?.forEach((id) => {
      if (!this.removed.has(id) && !this.pending.has(id)) ids.push(id);
    });
    for (const id of this.pending) ids.push(id);
    const n = ids.length;
    const counts = new Uint32Array(1 << 16);
    const tables: Uint32Array[] = [];
    const directories: Uint32Array[] = [];
    for (let t = 0; t < WORDS; t++) {
      // Counting sort of the ids by word t.
      counts.fill(0);
      for (const id of ids) counts[this.words[id * WORDS + t]!]!++;
      let running = 0;
      for (let v = 0; v < counts.length; v++) {
        const c = counts[v]!;
        counts[v] = running;
        running += c;
      }
      const table = new Uint32Array(n);
      for (const id of ids) table[counts[this.words[id * WORDS + t]!]!++] = id;
      const directory = new Uint32Array(DIRECTORY_SIZE);
      let position = 0;
      for (let top = 0; top < 256; top++) {
        directory[top] = position;
        while (position < n && this.words[table[position]! * WORDS + t]! >> 8 === top) position++;
      }
      directory[256] = n;
      tables.push(table);
      directories.push(directory);
    }
    this.tables = tables;
    this.directories = directories;
    this.pending.clear();
    this.removed.clear();
  }

  /** Bytes held per present reference in the tables (beyond its 32-byte hash), and the fixed part. */
  memory(): { perReferenceBytes: number; fixedBytes: number } {
    const tableBytes = this.tables.reduce((sum, t) => sum + t.byteLength, 0);
    return {
      perReferenceBytes: this.count === 0 ? 0 : tableBytes / this.count,
      fixedBytes:
        this.directories.reduce((sum, d) => sum + d.byteLength, 0) + POPCOUNT16.byteLength,
    };
  }

  /** Whether `id` is in the tables (removed or not): a probe of table 0 with its own first word. */
  private inTables(id: number): boolean {
    if (this.tables.length === 0 || (id + 1) * WORDS > this.words.length) return false;
    let found = false;
    this.probe(0, this.words[id * WORDS]!, (candidate) => {
      if (candidate === id) found = true;
    });
    return found;
  }

  private probe(t: number, value: number, visit: (id: number) => void): void {
    const table = this.tables[t]!;
    const directory = this.directories[t]!;
    let lo = directory[value >> 8]!;
    let hi = directory[(value >> 8) + 1]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[table[mid]! * WORDS + t]! < value) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < table.length && this.words[table[i]! * WORDS + t]! === value; i++)
      visit(table[i]!);
  }

  private distanceTo(id: number, query: Uint16Array, limit: number): number {
    const base = id * WORDS;
    let distance = 0;
    for (let t = 0; t < WORDS && distance <= limit; t++)
      distance += POPCOUNT16[this.words[base + t]! ^ query[t]!]!;
    return distance;
  }

  private ensureCapacity(ids: number): void {
    if (ids * WORDS > this.words.length) {
      const grown = new Uint16Array(Math.max(ids * WORDS, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
  }
}

/** Calls `visit` with `value` and every 16-bit value that differs from it in at most `radius` bits. */
function forEachVariant(value: number, radius: number, visit: (variant: number) => void): void {
  visit(value);
  if (radius >= 1) {
    for (let a = 0; a < 16; a++) {
      const va = value ^ (1 << a);
      visit(va);
      if (radius >= 2) {
        for (let b = a + 1; b < 16; b++) {
          const vb = va ^ (1 << b);
          visit(vb);
          if (radius >= 3) for (let c = b + 1; c < 16; c++) visit(vb ^ (1 << c));
        }
      }
    }
  }
}

/** Brute force: the oracle the index is tested against, and the baseline it is measured against. */
export function bruteForceSearch(
  references: Map<number, Uint16Array>,
  hash: string | Uint16Array,
  maxDistance: number,
): IndexMatch[] {
  const query = typeof hash === 'string' ? hashToWords(hash) : hash;
  const out: IndexMatch[] = [];
  for (const [id, words] of references) {
    let distance = 0;
    for (let t = 0; t < WORDS; t++) distance += POPCOUNT16[words[t]! ^ query[t]!]!;
    if (distance <= maxDistance) out.push({ id, distance });
  }
  return out.sort((a, b) => a.distance - b.distance || a.id - b.id);
}
