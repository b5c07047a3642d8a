import { describe, expect, it } from 'vitest';
import { shareImageUrl, welcomePdfUrl } from './downloads.ts';

describe('marketing download addresses', () => {
  it('carry the brand, since a link cannot send the provider header', () => {
    expect(shareImageUrl('story', 'shark')).toBe(
      '/api/marketing/social-share/images/story.png?provider=shark',
    );
    expect(welcomePdfUrl('lumen guard')).toBe(
      '/api/marketing/welcome-package.pdf?provider=lumen+guard',
    );
  });
});
