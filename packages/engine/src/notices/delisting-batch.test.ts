import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';
import {
  BING_CSV_COLUMNS,
  GOOGLE_CSV_COLUMNS,
  formatDelistingBatch,
  formatGoogleTcrpText,
} from './delisting-batch.ts';
import { NoticeInputError } from './parse-input.ts';

/** An RFC 4180 reader, written here independently of the writer, to read the files back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

const meta = {
  copyrightOwner: 'Jane Quinn Doe',
  reportingOrganisation: 'Shark',
  defaultWorkUrl: 'https://onlyfans.com/janedoe',
  createdAt: new Date('2025-03-07T12:00:00Z'),
};

describe('csv', () => {
  it('quotes as RFC 4180 says: commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('');
    expect(toCsv(['a', 'b'], [['1', '2,3']])).toBe('a,b\r\n1,"2,3"\r\n');
  });

  it.each([
    '=HYPERLINK("http://evil.example","click")',
    '+1+2',
    '-2+3',
    '@SUM(A1:A2)',
    '\tTab',
    '\rCR',
  ])('puts a quote before a cell that a spreadsheet would run as a formula: %j', (value) => {
    const cell = csvCell(value);
    expect(parseCsv(`${cell}\r\n`)[0]?.[0]).toBe(`'${value}`);
  });

  it('leaves a cell alone when the formula character is not first', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('Summer - part 2')).toBe('Summer - part 2');
  });
});

describe('formatDelistingBatch', () => {
  const rows = [
    {
      url: 'https://leaks.example/post/1',
      workTitle: 'Beach set, part "1"',
      workUrl: 'https://onlyfans.com/janedoe/post/1',
      noticeId: 'N-1',
    },
    {
      url: 'https://leaks.example/post/2',
      workTitle: '=cmd|" /C calc"!A0',
      workUrl: null,
      noticeId: 'N-1',
    },
    {
      url: 'https://leaks.example/post/1',
      workTitle: 'Beach set, part "1"',
      workUrl: 'https://onlyfans.com/janedoe/post/1',
      noticeId: 'N-2',
    },
    {
      url: 'https://leaks.example/search?q=a,b',
      workTitle: 'Line\nbreak',
      workUrl: 'https://onlyfans.com/janedoe/post/3',
      noticeId: 'N-3',
      searchType: 'image' as const,
    },
  ];

  it('writes the Google CSV: header row, one row per URL and work, duplicates once', () => {
    const batch = formatDelistingBatch('google', rows, meta);
    expect(batch.fileName).toBe('delisting-google-2025-03-07-12-00-00.csv');
    expect(batch.contentType).toMatch(/^text\/csv/);
    expect(batch.rowCount).toBe(3);
    expect(batch.duplicatesDropped).toBe(1);
    const records = parseCsv(batch.content);
    expect(records[0]).toEqual([...GOOGLE_CSV_COLUMNS]);
    expect(records.slice(1)).toEqual([
      [
        'https://leaks.example/post/1',
        'Beach set, part "1"',
        'https://onlyfans.com/janedoe/post/1',
        'Jane Quinn Doe',
        'Shark',
        'N-1',
      ],
      [
        'https://leaks.example/post/2',
        `'=cmd|" /C calc"!A0`,
        'https://onlyfans.com/janedoe',
        'Jane Quinn Doe',
        'Shark',
        'N-1',
      ],
      [
        'https://leaks.example/search?q=a,b',
        'Line break',
        'https://onlyfans.com/janedoe/post/3',
        'Jane Quinn Doe',
        'Shark',
        'N-3',
      ],
    ]);
    expect(batch.content.endsWith('\r\n')).toBe(true);
  });

  it('writes the Bing CSV with the search type of each row', () => {
    const batch = formatDelistingBatch('bing', rows, { ...meta, searchType: 'video' });
    const records = parseCsv(batch.content);
    expect(records[0]).toEqual([...BING_CSV_COLUMNS]);
    expect(records.map((record) => record[1])).toEqual(['Search type', 'Video', 'Video', 'Image']);
    expect(records[3]).toEqual([
      'https://leaks.example/search?q=a,b',
      'Image',
      'Line break',
      'https://onlyfans.com/janedoe/post/3',
      'Jane Quinn Doe',
      'Shark',
      'N-3',
    ]);
  });

  it('refuses bad rows, naming each', () => {
    let caught: unknown;
    try {
      formatDelistingBatch(
        'google',
        [{ url: 'not a url', workTitle: ' ', workUrl: null, noticeId: 'N-1' }],
        {
          copyrightOwner: 'Jane',
          reportingOrganisation: 'Shark',
        },
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(NoticeInputError);
    expect((caught as NoticeInputError).problems).toEqual([
      expect.stringMatching(/^0\.url: must be an absolute http/),
      expect.stringMatching(/^0\.workTitle: must not be empty/),
    ]);
    expect(() =>
      formatDelistingBatch(
        'bing',
        [{ url: 'https://a.example/', workTitle: 'T', workUrl: null, noticeId: 'N' }],
        {
          copyrightOwner: 'Jane',
          reportingOrganisation: 'Shark',
        },
      ),
    ).toThrow(/0\.workUrl: the work has no URL of its own/);
    expect(() => formatDelistingBatch('google', [], meta)).toThrow(/at least one URL/);
  });
});

describe('formatGoogleTcrpText', () => {
  it('groups the infringing URLs under each work', () => {
    const batch = formatGoogleTcrpText(
      [
        {
          url: 'https://a.example/1',
          workTitle: 'Beach set',
          workUrl: 'https://onlyfans.com/janedoe/post/1',
          noticeId: 'N-1',
        },
        { url: 'https://b.example/2', workTitle: 'Night set', workUrl: null, noticeId: 'N-1' },
        {
          url: 'https://c.example/3',
          workTitle: 'Beach set',
          workUrl: 'https://onlyfans.com/janedoe/post/1',
          noticeId: 'N-2',
        },
      ],
      meta,
    );
    expect(batch.content).toBe(
      '# Beach set (owner: Jane Quinn Doe; listed 2025-03-07)\n# https://onlyfans.com/janedoe/post/1\nhttps://a.example/1\nhttps://c.example/3\n\n' +
        '# Night set (owner: Jane Quinn Doe; listed 2025-03-07)\n# https://onlyfans.com/janedoe\nhttps://b.example/2\n',
    );
    expect(batch.fileName).toBe('delisting-google-2025-03-07-12-00-00.txt');
  });
});
