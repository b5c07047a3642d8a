import { describe, expect, it } from 'vitest';
import { isRedirectToSiteHome } from './page-check.ts';

describe('isRedirectToSiteHome', () => {
  it.each([
    ['https://tube.example/watch/1', 'https://tube.example/'],
    ['https://tube.example/watch/1', 'https://www.tube.example/'],
    ['https://www.tube.example/watch/1?v=2', 'https://tube.example'],
    ['http://127.0.0.1:4400/watch/1', 'http://127.0.0.1:4400/'],
  ])('%s → %s is the site saying the page is gone', (from, to) => {
    expect(isRedirectToSiteHome(from, to)).toBe(true);
  });

  it.each([
    // Not redirected, or redirected somewhere that says nothing sure.
    ['https://tube.example/watch/1', 'https://tube.example/watch/1'],
    ['https://tube.example/', 'https://tube.example/'],
    ['https://tube.example/watch/1', 'https://tube.example/login?next=/watch/1'],
    ['https://tube.example/watch/1', 'https://tube.example/?removed=1'],
    ['https://tube.example/watch/1', 'https://parking.example/'],
    ['http://127.0.0.1:4400/watch/1', 'http://127.0.0.1:4401/'],
    ['http://127.0.0.1/watch/1', 'http://10.0.0.1/'],
    ['not a url', 'https://tube.example/'],
  ])('%s → %s is not', (from, to) => {
    expect(isRedirectToSiteHome(from, to)).toBe(false);
  });
});
