import { describe, expect, it } from 'vitest';
import { hasControlCharacter, nulFieldsOf } from './input-hygiene.ts';

const json = 'application/json';

describe('nulFieldsOf', () => {
  it('names each string holding NUL by its path, however deep', () => {
    const body = JSON.stringify({
      title: 'a\u0000',
      items: [{ name: 'ok' }, { name: 'b\u0000', tags: ['x', 'y\u0000'] }],
    });
    expect(nulFieldsOf(body, json)).toEqual({
      title: expect.stringMatching(/NUL/),
      'items.1.name': expect.stringMatching(/NUL/),
      'items.1.tags.1': expect.stringMatching(/NUL/),
    });
  });

  it('names a key holding NUL, escaped so the name can be shown', () => {
    expect(Object.keys(nulFieldsOf(JSON.stringify({ ['a\u0000b']: 1 }), json))).toEqual([
      'a\\u0000b',
    ]);
  });

  it('passes text without NUL: tabs, line breaks, an escaped backslash before "u0000"', () => {
    expect(nulFieldsOf(JSON.stringify({ note: 'one\ntwo\tthree', path: '\\u0000' }), json)).toEqual(
      {},
    );
    expect(nulFieldsOf('not json \\u0000', 'text/plain')).toEqual({});
    expect(nulFieldsOf('', json)).toEqual({});
  });

  it('refuses a body that is not JSON but carries NUL, and form fields with NUL', () => {
    expect(nulFieldsOf('plain\u0000text', 'text/plain')).toEqual({
      _: expect.stringMatching(/NUL/),
    });
    expect(
      nulFieldsOf('email=a%40b.example&password=x%00y', 'application/x-www-form-urlencoded'),
    ).toEqual({
      password: expect.stringMatching(/NUL/),
    });
  });
});

describe('hasControlCharacter', () => {
  it('finds C0 controls and DEL, and nothing else', () => {
    for (const text of ['\u0000', 'a\u001fb', '\u007f', 'x\ny'])
      expect(hasControlCharacter(text)).toBe(true);
    for (const text of ['', 'plain id_123', 'é ü 漢字 🙂', '\u00a0', '\u0080'])
      expect(hasControlCharacter(text)).toBe(false);
  });
});
