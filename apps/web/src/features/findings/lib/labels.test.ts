import { describe, expect, it } from 'vitest';
import { formatConfidence, reasonLabel, shortUrl } from './labels.ts';

describe('formatConfidence', () => {
  it('shows a whole percentage, rounded down so 0.999 is not a certainty', () => {
    expect(formatConfidence(0.873)).toBe('87%');
    expect(formatConfidence(0.29)).toBe('29%');
    expect(formatConfidence(0.999)).toBe('99%');
    expect(formatConfidence(1)).toBe('100%');
    expect(formatConfidence(0)).toBe('0%');
  });
});

describe('reasonLabel', () => {
  it('says why a profile looks like an impersonator in words', () => {
    expect(reasonLabel('uses-name')).toBe('Uses your name');
    expect(reasonLabel('uses-picture')).toBe('Uses your picture');
    expect(reasonLabel('uses-face')).toBe('Uses your face');
    expect(reasonLabel('username-variant')).toBe('Look-alike username');
    expect(reasonLabel('same-bio-link')).toBe('same bio link');
  });
});

describe('shortUrl', () => {
  it('drops the scheme, www. and a trailing slash', () => {
    expect(shortUrl('https://www.tube.example/videos/1/')).toBe('tube.example/videos/1');
    expect(shortUrl('http://forum.example/t?id=3')).toBe('forum.example/t?id=3');
    expect(shortUrl('not a url')).toBe('not a url');
  });
});
