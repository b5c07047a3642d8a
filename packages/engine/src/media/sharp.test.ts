import { describe, expect, it } from 'vitest';
import sharp from './sharp.ts';

describe("Shark's sharp", () => {
  it('keeps no cache of libvips operations', () => {
    const cache = sharp.cache();
    expect(cache.memory.max).toBe(0);
    expect(cache.items.max).toBe(0);
    expect(cache.files.max).toBe(0);
  });
});
