// The creator's set-up as the matching stages need it: her usernames, name, search terms, own accounts.
import type { ScanRepository } from '#server/features/scans/scan-repository.ts';

export interface CreatorSetup {
  usernames: string[];
  names: string[];
  terms: string[];
  ownAccounts: { platform: string; username: string }[];
}

export function creatorFrom(setup: Awaited<ReturnType<ScanRepository['setupOf']>>): CreatorSetup {
  const usernames = [...new Set(setup.accounts.map((a) => a.normalizedUsername))];
  const ownAccounts = setup.accounts.map((a) => ({
    platform: a.platform,
    username: a.normalizedUsername,
  }));
  return {
    usernames,
    names: setup.name.trim() ? [setup.name.trim()] : [],
    terms: setup.terms.map((t) => t.term),
    ownAccounts,
  };
}
