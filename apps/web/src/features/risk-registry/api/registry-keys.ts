// Query keys of the Scam Registry, by user: one account's reports are never shown to the next.
import type { RegistryQuery } from '#app/features/risk-registry/lib/registry-search.ts';

export const registryKeys = {
  all: (userId: string) => ['risk-registry', userId] as const,
  list: (userId: string, query: RegistryQuery) => ['risk-registry', userId, 'list', query] as const,
  entry: (userId: string, id: string) => ['risk-registry', userId, 'entry', id] as const,
  mine: (userId: string) => ['risk-registry', userId, 'mine'] as const,
};
