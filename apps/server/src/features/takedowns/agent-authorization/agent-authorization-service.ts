// The creator's agent authorisation: signed with a verified e-mail, a typed signature equal to her
// legal name, the time, her address and browser; one active at a time (signing again revokes the
// previous one); revoked, no new notice goes out. Notices not sent yet cite the authorisation they were
// composed under, so both signing again and revoking discard them (they are composed again, or not).
import { randomUUID } from 'node:crypto';
import {
  signAuthorizationSchema,
  signatureMatches,
  type Authorization,
  type AuthorizationState,
  type SignAuthorization,
} from '@shark/contracts/agent-authorization.ts';
import type { BrandConfig } from '#server/config/brands.ts';
import { AppError } from '#server/http/app-error.ts';
import type { SessionUser } from '#server/http/session.ts';
import { validationError } from '#server/http/validation.ts';
import { authorizationText } from './agent-authorization-text.ts';
import type {
  AuthorizationQueries,
  AuthorizationRepository,
  AuthorizationRow,
} from './agent-authorization-repository.ts';
import type { NoticeRepository } from '#server/features/takedowns/notices/notice-repository.ts';
import { requireAgent } from '#server/features/takedowns/notices/notice-brand.ts';
import type { TakedownRepository } from '#server/features/takedowns/opening/takedown-repository.ts';

export interface AuthorizationServiceDeps {
  authorizations: AuthorizationRepository;
  notices: NoticeRepository;
  takedowns: TakedownRepository;
  /** Deletes discarded notices' PDFs and asks for new notices to their addresses. */
  afterDiscard: (
    userId: string,
    discarded: { pdfKeys: string[]; addresses: string[] },
  ) => Promise<void>;
  requestNotice: (userId: string, address: string) => Promise<void>;
  now?: () => Date;
}

export const VERIFIED_EMAIL_REQUIRED =
  'Verify your e-mail address before you sign: we send notices in your name only for an address we know is yours.';

function toApi(row: AuthorizationRow): Authorization {
  return {
    id: row.id,
    legalName: row.legalName,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    email: row.email,
    signature: row.signature,
    textVersion: row.textVersion,
    signedAt: row.signedAt.toISOString(),
    ipAddress: row.ipAddress,
  };
}

export function createAuthorizationService(deps: AuthorizationServiceDeps) {
  const { authorizations, notices, takedowns } = deps;
  const now = deps.now ?? (() => new Date());

  async function state(user: SessionUser, brand: BrandConfig): Promise<AuthorizationState> {
    const [row, waiting] = await Promise.all([
      authorizations.active(user.id),
      takedowns.countWaiting(user.id),
    ]);
    return {
      authorization: row ? toApi(row) : null,
      text: authorizationText(brand),
      canSign: user.emailVerified,
      waitingTakedowns: waiting,
    };
  }

  /** In one transaction under the creator's lock: revokes the active one and discards unsent notices. */
  async function revokeIn(
    userId: string,
    at: Date,
    then?: (signing: AuthorizationQueries) => Promise<AuthorizationRow>,
  ) {
    return notices.transaction(async (q, { authorizations: signing }) => {
      await signing.lockCreator(userId);
      const revoked = await signing.revoke(userId, at);
      const discarded = revoked ? await q.discardUnsent(userId) : { pdfKeys: [], addresses: [] };
      const signed = then ? await then(signing) : null;
      return { revoked, discarded, signed };
    });
  }

  return {
    state,

    async sign(
      user: SessionUser,
      brand: BrandConfig,
      input: SignAuthorization,
      request: { ipAddress: string; userAgent: string | null },
    ): Promise<AuthorizationState> {
      if (!user.emailVerified) throw new AppError('FORBIDDEN', VERIFIED_EMAIL_REQUIRED);
      requireAgent(brand);
      const parsed = signAuthorizationSchema.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error);
      const value = parsed.data;
      if (!signatureMatches(value.signature, value.legalName)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'Type your full legal name exactly as above to sign.',
          { fields: { signature: 'Type your full legal name exactly as above to sign.' } },
        );
      }
      const at = now();
      const { discarded } = await revokeIn(user.id, at, (signing) =>
        signing.insert({
          id: randomUUID(),
          userId: user.id,
          legalName: value.legalName,
          addressLine1: value.addressLine1,
          addressLine2: value.addressLine2,
          city: value.city,
          region: value.region,
          postalCode: value.postalCode,
          country: value.country,
          email: user.email,
          signature: value.signature,
          textVersion: authorizationText(brand).version,
          brandId: brand.id,
          ipAddress: request.ipAddress,
          userAgent: request.userAgent?.slice(0, 500) ?? null,
          signedAt: at,
        }),
      );
      // Every takedown that waited for her signature (or whose notice was just discarded) gets its notice.
      await deps.afterDiscard(user.id, { pdfKeys: discarded.pdfKeys, addresses: [] });
      for (const address of await takedowns.waitingAddresses(user.id))
        await deps.requestNotice(user.id, address);
      return state(user, brand);
    },

    async revoke(user: SessionUser, brand: BrandConfig): Promise<AuthorizationState> {
      const { revoked, discarded } = await revokeIn(user.id, now());
      if (!revoked) throw new AppError('NOT_FOUND', 'You have no authorisation to revoke.');
      // Without an authorisation the notice jobs do nothing: only the files go.
      await deps.afterDiscard(user.id, { pdfKeys: discarded.pdfKeys, addresses: [] });
      return state(user, brand);
    },
  };
}

export type AuthorizationService = ReturnType<typeof createAuthorizationService>;
