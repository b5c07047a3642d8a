// The statuses and text limits of support requests, apart from their schemas: route search
// validation in the web app's entry chunk imports these, and support.ts would bring every support
// schema with them.

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;
