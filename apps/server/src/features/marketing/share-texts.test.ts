import { describe, expect, it } from 'vitest';
import { SHARE_NETWORKS, postLength } from '@shark/contracts/marketing.ts';
import { brandHashtag, sharePosts } from './share-texts.ts';

const badgeLink = 'https://app.shark.example/verified/AbCdEfGhIjKlMnOpQrStUvWx';

describe('sharePosts', () => {
  it('gives two variants for every network, each within its limit and carrying the link', () => {
    const posts = sharePosts({ brandName: 'Shark', link: badgeLink, hasBadge: true });
    expect(posts).toHaveLength(SHARE_NETWORKS.length * 2);
    for (const post of posts) {
      expect(post.length).toBe(postLength(post.network, post.text));
      expect(post.length, post.id).toBeLessThanOrEqual(post.maxLength);
      expect(post.text).toContain(`Verify my protection: ${badgeLink}`);
      expect(post.text).toContain('Shark');
    }
    const x = posts.find((p) => p.id === 'x-1')!;
    expect(x.maxLength).toBe(280);
    expect(x.text).toContain('#SharkProtected');
  });

  it('uses longer texts where the network allows them', () => {
    const posts = sharePosts({ brandName: 'Shark', link: badgeLink, hasBadge: true });
    const x = posts.find((p) => p.id === 'x-1')!;
    const instagram = posts.find((p) => p.id === 'instagram-1')!;
    expect(instagram.text.length).toBeGreaterThan(x.text.length);
    expect(instagram.text).toContain('send me the link');
  });

  it('counts a link on X as 23 characters, however long', () => {
    const long = `https://example.com/${'a'.repeat(200)}`;
    expect(postLength('x', `see ${long}`)).toBe(4 + 23);
    expect(postLength('bluesky', `see ${long}`)).toBe(4 + long.length);
  });

  it('keeps within every limit with a very long brand name, keeping the link', () => {
    const brandName = 'The Extraordinarily Long Named Content Protection Agency '.repeat(4).trim();
    const link = `https://protect.example/${'x'.repeat(120)}`;
    for (const post of sharePosts({ brandName, link, hasBadge: false })) {
      expect(post.length, post.id).toBeLessThanOrEqual(post.maxLength);
      expect(post.text, post.id).toContain(`How it works: ${link}`);
    }
  });

  it('links the brand when she has no badge to show', () => {
    const posts = sharePosts({
      brandName: 'Lumen Guard',
      link: 'https://lumen.example',
      hasBadge: false,
    });
    expect(posts[0]!.text).toContain('How it works: https://lumen.example');
    expect(posts[0]!.text).toContain('#LumenGuardProtected');
  });
});

describe('brandHashtag', () => {
  it('makes one word of the name', () => {
    expect(brandHashtag('lumen guard')).toBe('#LumenGuardProtected');
    expect(brandHashtag('Shark!')).toBe('#SharkProtected');
    expect(brandHashtag('   ')).toBe('#ContentProtected');
  });
});
