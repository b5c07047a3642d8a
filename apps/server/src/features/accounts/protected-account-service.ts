// Accounts (/brands): the creator's accounts on each platform — normalised per the platform's rules,
// within the plan's username limit — and the ownership proof: a code placed in the profile, found
// there by fetching the profile with the safe fetcher.
import type {
  AccountPlatform,
  OwnershipCheck,
  OwnershipCheckOutcome,
  ProtectedAccount,
  ProtectedAccountList,
} from '@shark/contracts/accounts.ts';
import {
  accountHandle,
  identifyAccount,
  PLATFORM_NAMES,
  type AccountIdentity,
  type AccountPlatform as EnginePlatform,
  type ProfileUrlTemplates,
} from '@shark/engine/accounts/account-identity.ts';
import {
  generateOwnershipCode,
  ownershipCodePattern,
  showsOwnershipCode,
} from '@shark/engine/accounts/ownership-code.ts';
import { REFUSALS, type SafeFetcher } from '@shark/engine/fetch/safe-fetch.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import {
  isUniqueViolation,
  type ProtectedAccountRepository,
  type ProtectedAccountRow,
} from './protected-account-repository.ts';

// The contract and the engine name the same platforms (the schema too: protected-account-repository.ts).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractMatchesEngine: Same<AccountPlatform, EnginePlatform> = true;
void contractMatchesEngine;

export interface AddAccountInput {
  platform: AccountPlatform;
  username: string;
  isOld: boolean;
}

export interface EditAccountInput {
  username?: string | undefined;
  isOld?: boolean | undefined;
}

export function toProtectedAccount(row: ProtectedAccountRow): ProtectedAccount {
  return {
    id: row.id,
    platform: row.platform,
    username: row.username,
    normalizedUsername: row.normalizedUsername,
    profileUrl: row.profileUrl,
    isOld: row.isOld,
    verificationCode: row.verificationCode,
    isVerified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastCheckError: row.lastCheckError,
    createdAt: row.createdAt.toISOString(),
  };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'This account does not exist.');
}

function invalidUsername(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: { username: message } });
}

/** Names the account the creator has already, as they wrote it then. */
function duplicate(existing: { platform: AccountPlatform; username: string }): AppError {
  const where =
    existing.platform === 'website'
      ? 'as a website'
      : existing.platform === 'other'
        ? 'as another platform'
        : `on ${PLATFORM_NAMES[existing.platform]}`;
  const message = `You have added ${accountHandle(existing.platform, existing.username)} ${where} already.`;
  return new AppError('CONFLICT', message, { fields: { username: message } });
}

/** A brand id makes a readable code prefix ("shark-7KQ2-M9XD"); an unusual one falls back to "verify". */
function codePrefixOf(brandId: string): string {
  return /^[a-z][a-z0-9]{1,11}$/.test(brandId) ? brandId : 'verify';
}

export function createProtectedAccountService(deps: {
  repo: ProtectedAccountRepository;
  entitlements: Entitlements;
  fetcher: Pick<SafeFetcher, 'fetch'>;
  profileUrlTemplates: ProfileUrlTemplates;
  checkIntervalSeconds: number;
  now?: () => Date;
}) {
  const { repo, entitlements, fetcher, profileUrlTemplates, checkIntervalSeconds } = deps;
  const now = deps.now ?? (() => new Date());

  function identify(platform: AccountPlatform, typed: string): AccountIdentity {
    const result = identifyAccount(platform, typed, profileUrlTemplates);
    if (!result.ok) throw invalidUsername(result.message);
    return result.identity;
  }

  /** Looks for the code on the account's profile page; the outcome and what to tell the creator. */
  async function checkProfile(row: ProtectedAccountRow): Promise<{
    outcome: Exclude<OwnershipCheckOutcome, 'already-verified'>;
    message: string;
    status: number | null;
  }> {
    const code = row.verificationCode;
    const codeInAddress = (url: string) =>
      ownershipCodePattern(code).test(decodeURIComponentSafe(url));
    const proofInAddress = {
      outcome: 'refused' as const,
      message:
        'The address of the page contains the code itself, so finding the code would prove nothing. Use the address of the page where you placed the code.',
      status: null,
    };
    if (codeInAddress(row.profileUrl)) return proofInAddress;

    const page = await fetcher.fetch(row.profileUrl);
    if (!page.ok) {
      return REFUSALS.has(page.reason)
        ? { outcome: 'refused', message: `The page was not checked: ${page.message}`, status: null }
        : {
            outcome: 'unreachable',
            message: `The page could not be reached: ${page.message} Try again in a moment.`,
            status: null,
          };
    }
    if (codeInAddress(page.finalUrl)) return proofInAddress;
    if (page.status === 404 || page.status === 410) {
      return {
        outcome: 'page-status',
        message: `The profile page answered ${page.status} (not found). Check that the username is right and the profile is public.`,
        status: page.status,
      };
    }
    if (page.status < 200 || page.status >= 300) {
      return {
        outcome: 'page-status',
        message: `The profile page answered with status ${page.status}, so the code could not be looked for. Check that the profile is public, then try again later.`,
        status: page.status,
      };
    }
    if (showsOwnershipCode([page.title, page.description, page.text], code)) {
      return {
        outcome: 'verified',
        message: 'Verified: the code is on your profile. You can remove it from your bio now.',
        status: page.status,
      };
    }
    return {
      outcome: 'code-not-found',
      message: `The code ${code} was not found on ${page.finalUrl}. Put it in your bio or on the page, save, and check again.`,
      status: page.status,
    };
  }

  return {
    async list(userId: string): Promise<ProtectedAccountList> {
      return { accounts: (await repo.list(userId)).map(toProtectedAccount), checkIntervalSeconds };
    },

    async add(
      entitled: Entitled,
      brandId: string,
      input: AddAccountInput,
    ): Promise<ProtectedAccount> {
      const identity = identify(input.platform, input.username);
      const row = await repo.locked(entitled.userId, async (tx) => {
        const existing = await tx.findByUsername(
          entitled.userId,
          identity.platform,
          identity.normalizedUsername,
        );
        if (existing) throw duplicate(existing);
        entitlements.assertWithin(entitled, 'usernames', await tx.count(entitled.userId));
        let code = generateOwnershipCode(codePrefixOf(brandId));
        // One code per account: a repeat among the creator's own codes is drawn again.
        while (await tx.hasCode(entitled.userId, code))
          code = generateOwnershipCode(codePrefixOf(brandId));
        return tx.insert({
          id: crypto.randomUUID(),
          userId: entitled.userId,
          platform: identity.platform,
          username: identity.username,
          normalizedUsername: identity.normalizedUsername,
          profileUrl: identity.profileUrl,
          isOld: input.isOld,
          verificationCode: code,
        });
      });
      if (!row) throw duplicate(identity);
      return toProtectedAccount(row);
    },

    async edit(userId: string, id: string, input: EditAccountInput): Promise<ProtectedAccount> {
      const current = await repo.findById(userId, id);
      if (!current) throw notFound();
      const changes: Parameters<ProtectedAccountRepository['update']>[2] = {};
      if (input.isOld !== undefined) changes.isOld = input.isOld;
      let identity: AccountIdentity | undefined;
      if (input.username !== undefined) {
        identity = identify(current.platform, input.username);
        changes.username = identity.username;
        if (identity.normalizedUsername !== current.normalizedUsername) {
          const existing = await repo.findByUsername(
            userId,
            current.platform,
            identity.normalizedUsername,
          );
          if (existing) throw duplicate(existing);
          // Another profile: a proof found on the old one says nothing about it.
          Object.assign(changes, {
            normalizedUsername: identity.normalizedUsername,
            profileUrl: identity.profileUrl,
            verifiedAt: null,
            lastCheckError: null,
          });
        }
      }
      let row: ProtectedAccountRow | undefined;
      try {
        row = await repo.update(userId, id, changes);
      } catch (error) {
        if (identity && isUniqueViolation(error)) throw duplicate(identity);
        throw error;
      }
      if (!row) throw notFound();
      return toProtectedAccount(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound();
    },

    async verify(userId: string, id: string): Promise<OwnershipCheck> {
      const current = await repo.findById(userId, id);
      if (!current) throw notFound();
      if (current.verifiedAt) {
        return {
          outcome: 'already-verified',
          message: 'This account is verified already.',
          status: null,
          account: toProtectedAccount(current),
        };
      }
      const startedAt = now();
      const claimed = await repo.claimCheck(userId, id, startedAt, checkIntervalSeconds);
      if (!claimed) {
        const last = (await repo.findById(userId, id))?.lastCheckedAt;
        if (!last) throw notFound();
        const wait = Math.max(
          1,
          Math.ceil(checkIntervalSeconds - (startedAt.getTime() - last.getTime()) / 1000),
        );
        throw new AppError(
          'RATE_LIMITED',
          `This account was checked a moment ago. Try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`,
          {
            retryAfterSeconds: wait,
          },
        );
      }
      const result = await checkProfile(claimed);
      const isVerified = result.outcome === 'verified';
      const recorded = await repo.recordCheck(userId, id, claimed.normalizedUsername, {
        verifiedAt: isVerified ? now() : null,
        lastCheckError: isVerified ? null : result.message,
      });
      if (recorded) return { ...result, account: toProtectedAccount(recorded) };
      // Deleted, or given another username, while the page was fetched: this result is about nothing current.
      const latest = await repo.findById(userId, id);
      if (!latest) throw notFound();
      throw new AppError(
        'CONFLICT',
        'The username changed while its profile was being checked. Check again.',
      );
    },
  };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export type ProtectedAccountService = ReturnType<typeof createProtectedAccountService>;
