// `cn` merges with a cut-down tailwind-merge configuration (class-merge-config.gen.ts): it must be
// current with the app's sources and merge every pair of the app's classes as the full one does.
import { readFileSync } from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import {
  currentClassMergeConfigSource,
  GENERATED_FILE,
  sourceWords,
} from '../../scripts/class-merge-config.ts';
import { cn } from '#app/lib/utils.ts';

describe('the class merge configuration', () => {
  it('is generated from the current sources', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await currentClassMergeConfigSource());
  });

  it("merges every pair of the app's classes as tailwind-merge's full configuration does", () => {
    // A word is a class tailwind-merge knows when the full merge drops the first of two copies.
    const classes = [...sourceWords()].filter((word) => twMerge(`${word} ${word}`) === word);
    expect(classes.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const first of classes)
      for (const second of classes) {
        const pair = `${first} ${second}`;
        const expected = twMerge(pair);
        const actual = cn(pair);
        if (actual !== expected) differences.push(`${pair}: ${actual} (expected ${expected})`);
      }
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('resolves a conflict the way the full configuration does', () => {
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4');
    expect(cn('text-sm text-muted-foreground', 'text-destructive')).toBe(
      'text-sm text-destructive',
    );
  });
});
