// The kinds of finding and of site, without their schemas: route search validation in the web app's
// entry chunk imports these, and findings.ts would bring every finding schema with them.

export const FINDING_KINDS = ['leak', 'mention', 'impersonation', 'likeness'] as const;

export const SITE_KINDS = [
  'tube',
  'forum',
  'file-host',
  'image-board',
  'telegram-index',
  'social-network',
  'other',
] as const;
