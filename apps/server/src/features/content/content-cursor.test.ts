import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './content-cursor.ts';

describe('content cursors', () => {
  it('round-trip the last row of a page', () => {
    const cursor = { createdAt: '2024-05-01T10:20:30.456Z', id: 'a1b2' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    ['not base64 JSON', 'nonsense!'],
    ['a JSON object', Buffer.from('{"a":1}').toString('base64url')],
    ['a bad date', Buffer.from('["yesterday","x"]').toString('base64url')],
    [
      'a date without milliseconds',
      Buffer.from('["2024-05-01T10:20:30Z","x"]').toString('base64url'),
    ],
    ['an empty id', Buffer.from('["2024-05-01T10:20:30.456Z",""]').toString('base64url')],
  ])('refuse %s as a 400 on the cursor field', (_name, raw) => {
    expect(() => decodeCursor(raw)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        extra: { fields: { cursor: 'This page link is not valid.' } },
      }),
    );
  });
});
