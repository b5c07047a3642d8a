// Query keys of the scans feature, per user so one account's scans never show for the next one.
export const scanKeys = {
  all: (userId: string) => ['scans', userId] as const,
  list: (userId: string) => ['scans', userId, 'list'] as const,
  detail: (userId: string, scanId: string) => ['scans', userId, 'detail', scanId] as const,
  sources: (userId: string) => ['scans', userId, 'sources'] as const,
};
