import { describe, expect, it } from 'vitest';
import { GOOD_FAITH_STATEMENT } from './dmca-notice.ts';
import { prepareFormSubmission, splitName } from './form-submission.ts';
import { NoticeInputError } from './parse-input.ts';
import { brand, item, noticeInput, privateDetails } from './test-fixtures.ts';

const formRecipient = {
  role: 'site' as const,
  name: 'Tube Example',
  channel: { kind: 'form' as const, url: 'https://tube.example/dmca-form' },
};

describe('prepareFormSubmission', () => {
  it('fills every field a DMCA form asks for, ready to paste', () => {
    const items = [
      item(1),
      item(2),
      item(3, { mediaUrl: null }),
      item(4, { pageUrl: 'https://leaks.example/post/1' }),
    ];
    const submission = prepareFormSubmission(
      noticeInput({
        recipient: formRecipient,
        items,
        brand: { ...brand, agentPhone: '+1 302 555 0100', agentCountry: 'United States' },
      }),
    );
    expect(submission.formUrl).toBe('https://tube.example/dmca-form');
    expect(submission.noticeId).toBe('N-2025-0001');
    const value = (key: string) => submission.fields.find((field) => field.key === key)?.value;

    expect(value('fullName')).toBe('Alex Agent');
    expect(value('firstName')).toBe('Alex');
    expect(value('lastName')).toBe('Agent');
    expect(value('company')).toBe('Shark');
    expect(value('copyrightOwner')).toBe('Jane Quinn Doe');
    expect(value('relationship')).toMatch(/authorised agent/i);
    expect(value('email')).toBe('dmca@shark.example');
    expect(value('phone')).toBe('+1 302 555 0100');
    expect(value('country')).toBe('United States');
    expect(value('postalAddress')).toBe(
      '100 Agent Way\nSuite 200\nWilmington, DE 19801\nUnited States',
    );
    expect(value('workDescription')).toContain('Beach set 1');
    expect(value('workDescription')).toContain('beach-1.jpg');
    expect(value('originalUrls')?.split('\n')).toEqual([
      'https://onlyfans.com/janedoe/post/1',
      'https://onlyfans.com/janedoe/post/2',
      'https://onlyfans.com/janedoe/post/0',
      'https://onlyfans.com/janedoe',
      'https://fansly.com/janedoe',
    ]);
    // One per line, each once (item 4 repeats item 1's page).
    expect(value('infringingUrls')?.split('\n')).toEqual([
      'https://leaks.example/post/1',
      'https://leaks.example/post/2',
      'https://leaks.example/post/3',
    ]);
    expect(value('infringingMediaUrls')?.split('\n')).toEqual([
      'https://cdn.leaks.example/media/1.jpg',
      'https://cdn.leaks.example/media/2.jpg',
      'https://cdn.leaks.example/media/4.jpg',
    ]);
    expect(value('goodFaith')).toBe(GOOD_FAITH_STATEMENT);
    expect(value('accuracyAuthority')).toMatch(/under penalty of perjury/);
    expect(value('signature')).toBe(
      '/s/ Alex Agent, on behalf of Shark, authorised agent of Jane Quinn Doe',
    );
    expect(value('date')).toBe('2025-03-05');
    expect(value('additionalInformation')).toContain('Reference N-2025-0001.');

    for (const field of submission.fields) {
      expect(field.label.length, field.key).toBeGreaterThan(0);
      expect(field.value.trim().length, field.key).toBeGreaterThan(0);
    }
    expect(new Set(submission.fields.map((field) => field.key)).size).toBe(
      submission.fields.length,
    );
    const all = JSON.stringify(submission);
    for (const detail of privateDetails) expect(all).not.toContain(detail);
  });

  it('leaves out the phone and country when the brand has none', () => {
    const submission = prepareFormSubmission(noticeInput({ recipient: formRecipient }));
    const keys = submission.fields.map((field) => field.key);
    expect(keys).not.toContain('phone');
    expect(keys).not.toContain('country');
  });

  it('refuses a recipient that takes e-mail', () => {
    expect(() => prepareFormSubmission(noticeInput())).toThrow(NoticeInputError);
    expect(() => prepareFormSubmission(noticeInput())).toThrow(/takes notices by e-mail/);
  });

  it('splits a name with the family name last', () => {
    expect(splitName('Alex van Agent')).toEqual({ first: 'Alex van', last: 'Agent' });
    expect(splitName('Cher')).toEqual({ first: 'Cher', last: 'Cher' });
  });
});
