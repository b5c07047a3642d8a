import { describe, expect, it } from 'vitest';
import { originOf, siteKeyOf } from './site-key.ts';

describe('siteKeyOf', () => {
  it('keys a named host by its registrable domain', () => {
    expect(siteKeyOf('https://cdn.leaks.example.co.uk/a.jpg')).toBe('example.co.uk');
    expect(siteKeyOf('https://www.Forum.example.com/t/1?page=2')).toBe('example.com');
  });

  it('keys an address by host and port, so two sites on one address stay apart', () => {
    expect(siteKeyOf('http://127.0.0.1:4001/x')).toBe('127.0.0.1:4001');
    expect(siteKeyOf('http://127.0.0.1:4002/x')).toBe('127.0.0.1:4002');
    expect(siteKeyOf('http://[::1]:8080/')).toBe('::1:8080');
    expect(siteKeyOf('http://localhost/')).toBe('localhost');
  });

  it('refuses what is not a web address', () => {
    expect(siteKeyOf('mailto:a@b.example')).toBeNull();
    expect(siteKeyOf('not a url')).toBeNull();
    expect(originOf('ftp://x.example/')).toBeNull();
    expect(originOf('https://x.example:8443/a?b')).toBe('https://x.example:8443');
  });
});
