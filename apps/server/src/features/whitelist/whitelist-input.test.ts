import { describe, expect, it } from 'vitest';
import { AppError } from '#server/http/app-error.ts';
import { parseCsv, readCsvLines, readPastedLines } from './whitelist-input.ts';

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('readPastedLines', () => {
  it('numbers lines as pasted, skipping blank lines and # comments', () => {
    expect(
      readPastedLines('example.com\r\n\n  # partners\n  https://partner.net/page  \rlast.org\n'),
    ).toEqual([
      { line: 1, input: 'example.com' },
      { line: 4, input: 'https://partner.net/page' },
      { line: 5, input: 'last.org' },
    ]);
  });

  it('refuses more than 5000 lines', () => {
    const error = errorOf(() =>
      readPastedLines(Array.from({ length: 5001 }, (_, i) => `site${i}.com`).join('\n')),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.extra.fields).toEqual({
      text: 'Send at most 5000 lines at a time; split the list and send the rest next.',
    });
  });
});

describe('parseCsv', () => {
  it('reads quoted cells with delimiters, doubled quotes and line breaks, and the line each row starts on', () => {
    const csv =
      'value,note\r\n"example.com","our ""main"" site, with a comma"\n"partner.net","line one\nline two"\nlast.org,\n';
    expect(parseCsv(csv)).toEqual([
      { line: 1, cells: ['value', 'note'] },
      { line: 2, cells: ['example.com', 'our "main" site, with a comma'] },
      { line: 3, cells: ['partner.net', 'line one\nline two'] },
      { line: 5, cells: ['last.org', ''] },
    ]);
  });

  it('takes the delimiter from the first line and drops a byte-order mark', () => {
    expect(parseCsv('\uFEFFvalue;note\nexample.com;a, b')).toEqual([
      { line: 1, cells: ['value', 'note'] },
      { line: 2, cells: ['example.com', 'a, b'] },
    ]);
    expect(parseCsv('example.com\tmine')).toEqual([{ line: 1, cells: ['example.com', 'mine'] }]);
  });

  it('says where a quote is never closed', () => {
    const error = errorOf(() => parseCsv('example.com,ok\npartner.net,"never closed\n'));
    expect(error.extra.fields).toEqual({
      csv: 'The CSV file has a quote on line 2 that is never closed.',
    });
    // The quote opens on the row's second line, after a quoted cell that spans two.
    const later = errorOf(() => parseCsv('a\n"b\nc",d,"e\nf\n'));
    expect(later.extra.fields).toEqual({
      csv: 'The CSV file has a quote on line 3 that is never closed.',
    });
  });
});

describe('readCsvLines', () => {
  it('reads value and note columns without a header', () => {
    expect(readCsvLines('example.com,our site\nhttps://partner.net/promo\n\n,\n')).toEqual([
      { line: 1, input: 'example.com', note: 'our site', kind: undefined, problem: undefined },
      {
        line: 2,
        input: 'https://partner.net/promo',
        note: undefined,
        kind: undefined,
        problem: undefined,
      },
    ]);
  });

  it('finds columns by their header names, in any order, with an optional kind', () => {
    const lines = readCsvLines(
      'Notes,Type,URL\nmain,domain,example.com\naffiliate,,https://partner.net/a\nx,website,other.org\n',
    );
    expect(lines).toEqual([
      { line: 2, input: 'example.com', note: 'main', kind: 'domain', problem: undefined },
      {
        line: 3,
        input: 'https://partner.net/a',
        note: 'affiliate',
        kind: undefined,
        problem: undefined,
      },
      {
        line: 4,
        input: 'other.org',
        note: 'x',
        kind: undefined,
        problem: 'The kind "website" is not url, domain or pattern.',
      },
    ]);
  });

  it('does not take a first row of addresses for a header', () => {
    expect(readCsvLines('domain.com,site\n').map((l) => l.input)).toEqual(['domain.com']);
  });
});
