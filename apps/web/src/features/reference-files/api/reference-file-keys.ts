// Query keys of the Uploaded Files screen, per user so one account's files are never shown to the next.
export const referenceFileKeys = {
  all: (userId: string) => ['reference-files', userId] as const,
  list: (userId: string) => ['reference-files', userId, 'list'] as const,
};
