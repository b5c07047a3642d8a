import { describe, expect, it } from 'vitest';
import { categoryLabel, isAppPath, unreadLabel } from './format.ts';

describe('notification formats', () => {
  it('follows only paths inside the app', () => {
    expect(isAppPath('/takedown-report')).toBe(true);
    expect(isAppPath('//evil.example/x')).toBe(false);
    expect(isAppPath('https://evil.example')).toBe(false);
    expect(isAppPath(null)).toBe(false);
  });

  it('names categories and counts', () => {
    expect(categoryLabel('notice_responses')).toBe('Answers to notices');
    expect(unreadLabel(1)).toBe('1 unread notification');
    expect(unreadLabel(3)).toBe('3 unread notifications');
  });
});
