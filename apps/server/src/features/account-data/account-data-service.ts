// The creator's own data: everything Shark keeps about her as one JSON document, written out a page of
// rows at a time; and deleting her account — her files, her running subscription, then every row.
import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_SECTIONS,
  ACCOUNT_EXPORT_VERSION,
  DELETE_ACCOUNT_CONFIRMATION,
  deleteAccountRequestSchema,
  type AccountDataInfo,
  type DeleteAccountResult,
} from '@shark/contracts/account-data.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import { validationError } from '#server/http/validation.ts';
import {
  StoredFileNotFoundError,
  type FileStorage,
} from '#server/features/storage/file-storage.ts';
import { safeFileName, zipStream, type ZipEntry } from './zip-stream.ts';
import type { AccountDataRepository } from './account-data-repository.ts';

export interface AccountDataDeps {
  repo: AccountDataRepository;
  storage: FileStorage;
  /** Checks a password against a stored hash (the auth library's own scheme). */
  verifyPassword: (password: string, hash: string) => Promise<boolean>;
  /** Removes one of her reference files with its fingerprint and thumbnails (or stops its upload). */
  removeReferenceFile: (userId: string, fileId: string) => Promise<void>;
  /** Ends her running subscription at the payment provider now; false when there is none (or billing is manual). */
  cancelSubscriptionNow: (userId: string) => Promise<boolean>;
  logger: Logger;
}

const WRONG_PASSWORD = 'The password is not right.';

export function createAccountDataService(deps: AccountDataDeps) {
  const { repo } = deps;

  async function* exportChunks(
    userId: string,
    profile: Record<string, unknown>,
  ): AsyncGenerator<string> {
    const head = {
      format: ACCOUNT_EXPORT_FORMAT,
      version: ACCOUNT_EXPORT_VERSION,
      exportedAt: new Date().toISOString(),
      profile,
    };
    // The head object without its closing brace: the sections follow as further members.
    yield JSON.stringify(head, null, 1).replace(/\n?}$/, '');
    for (const section of ACCOUNT_EXPORT_SECTIONS) {
      yield `,\n ${JSON.stringify(section)}: [`;
      let isFirst = true;
      for await (const rows of repo.rows(section, userId)) {
        yield (isFirst ? '\n  ' : ',\n  ') + rows.map((row) => JSON.stringify(row)).join(',\n  ');
        isFirst = false;
      }
      yield isFirst ? ']' : '\n ]';
    }
    yield '\n}\n';
  }

  return {
    async info(userId: string): Promise<AccountDataInfo> {
      return {
        confirmWith: (await repo.passwordHash(userId)) === null ? 'email' : 'password',
        confirmationText: DELETE_ACCOUNT_CONFIRMATION,
      };
    },

    /** The export as a byte stream; the next page is read only when the reader has taken the last. */
    async exportStream(userId: string): Promise<ReadableStream<Uint8Array>> {
      // Read before the answer starts: once the body streams, a failure can no longer be a 401.
      const profile = await repo.profile(userId);
      if (!profile) throw new AppError('UNAUTHORIZED', 'Please sign in.');
      const encoder = new TextEncoder();
      const chunks = exportChunks(userId, profile);
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const next = await chunks.next();
            if (next.done) controller.close();
            else controller.enqueue(encoder.encode(next.value));
          },
          async cancel() {
            await chunks.return(undefined);
          },
        },
        { highWaterMark: 1 },
      );
    },

    /**
     * Everything in one download: the JSON document (data.json) and the files themselves — her uploaded
     * content under content/ and the notices sent for her under notices/ — with files.json saying which
     * file is which record (and any a storage fault kept out). Streamed like the JSON document.
     */
    async exportArchive(userId: string): Promise<ReadableStream<Uint8Array>> {
      const profile = await repo.profile(userId);
      if (!profile) throw new AppError('UNAUTHORIZED', 'Please sign in.');
      const exportedAt = new Date();
      const manifest: {
        path: string | null;
        kind: string;
        id: string;
        name: string;
        missing?: true;
      }[] = [];
      async function* entries(): AsyncGenerator<ZipEntry> {
        yield {
          path: 'data.json',
          compress: true,
          mtime: exportedAt,
          body: exportChunks(userId, profile!),
        };
        for (const kind of ['content', 'notices'] as const) {
          let after: string | null = null;
          for (;;) {
            const files = await repo.filesForExport(kind, userId, after);
            for (const file of files) {
              const path = `${kind}/${file.id}-${safeFileName(file.name, 'file')}`;
              let body: AsyncIterable<Uint8Array>;
              try {
                body = await deps.storage.read(file.key);
              } catch (error) {
                if (!(error instanceof StoredFileNotFoundError)) throw error;
                deps.logger.warn('export: a stored file is missing', { userId, key: file.key });
                manifest.push({ path: null, kind, id: file.id, name: file.name, missing: true });
                continue;
              }
              manifest.push({ path, kind, id: file.id, name: file.name });
              yield { path, compress: kind === 'notices', mtime: file.at, body };
            }
            if (files.length === 0) break;
            after = files.at(-1)!.id;
          }
        }
        yield {
          path: 'files.json',
          compress: true,
          mtime: exportedAt,
          body: [
            JSON.stringify({ exportedAt: exportedAt.toISOString(), files: manifest }, null, 1),
          ],
        };
      }
      return zipStream(entries());
    },

    /**
     * Deletes her account after she confirmed it: the typed confirmation, and her password (or, with
     * Google only, her e-mail address). Her subscription is cancelled first — if the provider refuses,
     * nothing is deleted, so she is never billed for an account that is gone. Then her stored files,
     * then the user row (every table of hers cascades from it).
     */
    async deleteAccount(
      user: { id: string; email: string },
      input: unknown,
    ): Promise<DeleteAccountResult> {
      const parsed = deleteAccountRequestSchema.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error);
      const request = parsed.data;
      if (request.confirmation.trim().toLowerCase() !== DELETE_ACCOUNT_CONFIRMATION) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Type "${DELETE_ACCOUNT_CONFIRMATION}" to confirm.`,
          {
            fields: { confirmation: `Type "${DELETE_ACCOUNT_CONFIRMATION}".` },
          },
        );
      }
      const hash = await repo.passwordHash(user.id);
      if (hash !== null) {
        if (!request.password) {
          throw new AppError('VALIDATION_FAILED', 'Enter your password to confirm.', {
            fields: { password: 'Enter your password.' },
          });
        }
        if (!(await deps.verifyPassword(request.password, hash))) {
          throw new AppError('VALIDATION_FAILED', WRONG_PASSWORD, {
            fields: { password: WRONG_PASSWORD },
          });
        }
      } else if ((request.email ?? '').trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', 'Type your account’s e-mail address to confirm.', {
          fields: { email: 'Type your account’s e-mail address.' },
        });
      }

      const isSubscriptionCancelled = await deps.cancelSubscriptionNow(user.id);

      let after: string | null = null;
      for (;;) {
        const ids = await repo.referenceFileIds(user.id, after);
        for (const id of ids) {
          try {
            await deps.removeReferenceFile(user.id, id);
          } catch (error) {
            // Gone meanwhile (removed by her in another tab): nothing left to remove.
            if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
          }
        }
        if (ids.length === 0) break;
        after = ids.at(-1)!;
      }
      for (const kind of ['findings', 'notices', 'faces'] as const) {
        let last: string | null = null;
        for (;;) {
          const page = await repo.storedKeys(kind, user.id, last);
          await Promise.all(page.keys.map((key) => deps.storage.delete(key)));
          if (page.last === null) break;
          last = page.last;
        }
      }

      if (!(await repo.deleteUser(user.id))) throw new AppError('UNAUTHORIZED', 'Please sign in.');
      deps.logger.info('account deleted', { userId: user.id, isSubscriptionCancelled });
      return { deleted: true, isSubscriptionCancelled };
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
