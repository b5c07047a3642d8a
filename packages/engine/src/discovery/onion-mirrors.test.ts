import { describe, expect, it } from 'vitest';
import { clearnetMirrorLinks } from './onion-mirrors.ts';

const ONION = 'http://dropxyzabcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopq.onion';

describe('clearnet mirrors of an onion page', () => {
  it('finds links the page gives as its mirrors, by their text or the text around them', () => {
    const html = `
      <p>Clearnet mirror: <a href="https://drop-mirror.example/f/9k2xq">drop-mirror.example/f/9k2xq</a></p>
      <ul><li><a href="https://backup.example/">Mirror 2</a></li></ul>
      <div><a href="https://cdn.example/x.jpg#top" title="clear web copy">download</a></div>
      <p>Our friends: <a href="https://forum.example/">a forum</a></p>
      <p>Onion mirror: <a href="http://otherabcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopq.onion/">here</a></p>
      <p>Mirror: <a href="mailto:x@example.com">mail</a> <a href="/f/other">same site</a></p>`;
    expect(clearnetMirrorLinks(html, `${ONION}/f/9k2xq`)).toEqual([
      'https://drop-mirror.example/f/9k2xq',
      'https://backup.example/',
      // A mirror's home page: the same path there too.
      'https://backup.example/f/9k2xq',
      'https://cdn.example/x.jpg',
    ]);
  });

  it('reads nothing on a clearnet page, and keeps to the limit', () => {
    const html = '<p>Mirror: <a href="https://a.example/1">a</a></p>';
    expect(clearnetMirrorLinks(html, 'https://leaks.example/t/1')).toEqual([]);
    const many = Array.from(
      { length: 10 },
      (_, i) => `<p>mirror <a href="https://m${i}.example/p">m</a></p>`,
    ).join('');
    expect(clearnetMirrorLinks(many, `${ONION}/p`, 3)).toHaveLength(3);
    expect(clearnetMirrorLinks('<p>no links</p>', `${ONION}/p`)).toEqual([]);
  });
});
