import { describe, expect, it } from 'vitest';
import { resultSummary, splitPastedLines, takedownLabel } from './labels.ts';

describe('splitPastedLines', () => {
  it('keeps the non-blank lines with their line in the box', () => {
    expect(
      splitPastedLines('https://a.example/1\r\n\n  https://b.example/2  \rc.example/3\n'),
    ).toEqual({
      urls: ['https://a.example/1', 'https://b.example/2', 'c.example/3'],
      lines: [1, 3, 4],
    });
    expect(splitPastedLines('  \n')).toEqual({ urls: [], lines: [] });
  });
});

describe('resultSummary', () => {
  it('names only what happened', () => {
    const result = (counts: {
      accepted: number;
      duplicate: number;
      invalid: number;
      whitelisted: number;
    }) => ({ results: [], counts });
    expect(resultSummary(result({ accepted: 1, duplicate: 0, invalid: 0, whitelisted: 0 }))).toBe(
      '1 address accepted',
    );
    expect(resultSummary(result({ accepted: 2, duplicate: 1, invalid: 3, whitelisted: 1 }))).toBe(
      '2 addresses accepted, 1 duplicate, 3 not valid, 1 whitelisted',
    );
  });
});

describe('takedownLabel', () => {
  it('says each status in words, and an unknown one readably', () => {
    expect(takedownLabel('notice_sent')).toBe('Notice sent');
    expect(takedownLabel('on_hold')).toBe('on hold');
  });
});
