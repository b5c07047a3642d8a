// Shared test data for the notice tests: a brand, a creator whose private details must never reach
// a notice, and items on a few sites.
import type { NoticeBrand, NoticeInput, NoticeItem } from './notice-types.ts';

export const brand: NoticeBrand = {
  id: 'shark',
  productName: 'Shark',
  agentName: 'Alex Agent',
  agentEmail: 'dmca@shark.example',
  agentPostalAddress: '100 Agent Way\nSuite 200\nWilmington, DE 19801\nUnited States',
  websiteUrl: 'https://shark.example/',
};

/**
 * The creator as the database holds them: the address, phone and private e-mail are there, and the
 * composers are handed this whole object, so a leak of any field would show in the output.
 */
export const creatorRecord = {
  legalName: 'Jane Quinn Doe',
  publicName: 'janedoe',
  profileUrls: ['https://onlyfans.com/janedoe', 'https://fansly.com/janedoe'],
  postalAddress: '742 Evergreen Terrace, Springfield, OR 97477',
  phone: '+1 541 555 0199',
  email: 'jane.private@example.net',
};

/** Strings of the creator's private details that must not appear anywhere. */
export const privateDetails = [
  '742 Evergreen',
  'Springfield',
  '97477',
  '555 0199',
  'jane.private@example.net',
];

export const authorisation = {
  signedAt: new Date('2025-01-02T10:00:00Z'),
  signature: 'Jane Quinn Doe',
};

export function item(index: number, overrides: Partial<NoticeItem> = {}): NoticeItem {
  return {
    pageUrl: `https://leaks.example/post/${index}`,
    mediaUrl: `https://cdn.leaks.example/media/${index}.jpg`,
    kind: 'leak',
    work: {
      title: `Beach set ${index % 3}`,
      referenceName: `beach-${index % 3}.jpg`,
      publishedAt: new Date('2024-06-02T00:00:00Z'),
      originalUrl: `https://onlyfans.com/janedoe/post/${index % 3}`,
      collection: 'Summer 2024',
      type: 'set',
      referenceUploadedAt: new Date('2024-06-01T08:00:00Z'),
      description: 'Twelve photographs at sunset.',
    },
    foundAt: new Date('2025-03-01T10:00:00Z'),
    ...overrides,
  };
}

export function noticeInput(overrides: Partial<NoticeInput> = {}): NoticeInput {
  return {
    brand,
    recipient: {
      role: 'site',
      name: 'Leaks Example',
      channel: { kind: 'email', address: 'dmca@leaks.example' },
    },
    creator: creatorRecord,
    authorisation,
    items: [item(1)],
    noticeId: 'N-2025-0001',
    sentAt: new Date('2025-03-05T09:30:00Z'),
    ...overrides,
  };
}

/** Text with every run of white space removed: PDF text extraction breaks lines where it likes. */
export function squash(text: string): string {
  return text.replace(/\s+/g, '');
}
