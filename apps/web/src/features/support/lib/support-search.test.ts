import { describe, expect, it } from 'vitest';
import { initialMessage, newSupportSearchSchema } from './support-search.ts';

describe('the new request form’s search', () => {
  it('keeps what it can use and drops the rest', () => {
    expect(
      newSupportSearchSchema.parse({
        subject: '  Help  ',
        context: 42,
        takedownId: '',
        findingId: 'f1',
      }),
    ).toEqual({ subject: 'Help', context: undefined, takedownId: undefined, findingId: 'f1' });
  });

  it('starts the message with room for her words above the context', () => {
    expect(initialMessage({ context: 'Page: /dashboard' })).toBe('\n\nPage: /dashboard');
    expect(initialMessage({})).toBe('');
  });
});
