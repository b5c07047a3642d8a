// The query keys of her support requests: per user, so one account never sees another's cache.
export const supportKeys = {
  all: (userId: string) => ['support', userId] as const,
  list: (userId: string) => ['support', userId, 'list'] as const,
  detail: (userId: string, id: string) => ['support', userId, 'detail', id] as const,
};
