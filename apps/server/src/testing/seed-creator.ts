// A creator with a complete set-up, made through the real services: a verified user with a plan, their
// accounts, terms, whitelist and reference files (fingerprinted by the real job). For scan tests and the demo.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { referenceFile, user } from '@shark/db/schema.ts';
import type { AccountPlatform } from '@shark/contracts/accounts.ts';
import type { Services } from '#server/app/server.ts';
import { waitFor } from './wait-for.ts';

export interface CreatorSeed {
  email: string;
  password: string;
  name: string;
  plan?: 'standard' | 'plus' | 'premium' | null;
  accounts: { platform: AccountPlatform; username: string }[];
  terms?: string[];
  whitelist?: string[];
  /** Files on disk to become the creator's reference files. */
  references?: string[];
}

export interface SeededCreator {
  userId: string;
  /** Reference file id by the file's base name. */
  references: Map<string, string>;
}

export async function seedCreator(
  services: Services,
  seed: CreatorSeed,
  options: { brandId?: string; waitForFingerprints?: boolean } = {},
): Promise<SeededCreator> {
  const { user: created } = await services.auth.api.signUpEmail({
    body: { name: seed.name, email: seed.email, password: seed.password },
  });
  await services.database.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.id, created.id));
  if (seed.plan)
    await services.accounts.grant(seed.email, { status: 'subscribed', plan: seed.plan });
  const entitled = await services.entitlements.of(created.id);
  for (const account of seed.accounts) {
    await services.protectedAccounts.add(entitled, options.brandId ?? 'shark', {
      platform: account.platform,
      username: account.username,
      isOld: false,
    });
  }
  for (const term of seed.terms ?? [])
    await services.searchTerms.add(entitled, { term, sources: [] });
  for (const value of seed.whitelist ?? []) await services.whitelist.add(entitled, { value });
  const references = new Map<string, string>();
  for (const path of seed.references ?? []) {
    const bytes = await readFile(path);
    const id = `rf_${randomBytes(8).toString('hex')}`;
    const storageKey = `reference-files/${created.id}/${id}`;
    await services.storage.write(storageKey, bytes);
    await services.database.db.insert(referenceFile).values({
      id,
      userId: created.id,
      originalName: basename(path),
      sizeBytes: bytes.length,
      receivedBytes: bytes.length,
      status: 'queued',
      storageKey,
    });
    await services.jobs.send('reference-file.fingerprint', { fileId: id });
    references.set(basename(path), id);
  }
  if (options.waitForFingerprints !== false && references.size > 0) {
    const ids = [...references.values()];
    await waitFor(
      async () => {
        const rows = await services.database.db
          .select({ status: referenceFile.status })
          .from(referenceFile)
          .where(inArray(referenceFile.id, ids));
        const failed = rows.filter((r) => r.status === 'failed');
        if (failed.length > 0)
          throw new Error(`${failed.length} reference file(s) failed to fingerprint`);
        return rows.every((r) => r.status === 'ready');
      },
      { what: 'the reference files to be fingerprinted', timeoutMs: 120_000 },
    );
  }
  return { userId: created.id, references };
}
