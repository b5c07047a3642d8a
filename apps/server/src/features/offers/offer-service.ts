// The rules of custom offers: the operator creates, lists, shows and revokes them; anyone with the link
// sees one; a signed-in creator claims it. A free offer's plan and features are hers at once; a paid one is
// reserved for her and payment comes next — through `startCheckout` when online billing is wired in,
// otherwise the operator bills her by hand.
import { randomBytes } from 'node:crypto';
import type {
  ClaimOfferResult,
  OfferState,
  OperatorOffer,
  OperatorOfferDetail,
  PublicOffer,
} from '@shark/contracts/offers.ts';
import { createOfferSchema } from '@shark/contracts/offers.ts';
import { PLANS, type Plan, type SpecialFeature } from '@shark/contracts/user.ts';
import { AppError } from '#server/http/app-error.ts';
import { validationError } from '#server/http/validation.ts';
import type { AccountsOnConnection } from '#server/features/user/account-service.ts';
import type { OfferRepository, OfferRow } from './offer-repository.ts';

/**
 * The billing integration point: starts online payment of a claimed paid offer and answers where she
 * pays, or null when it cannot (no payment provider configured). Absent, payment is manual.
 */
export type StartCheckout = (userId: string, offer: PublicOffer) => Promise<{ url: string } | null>;

export interface OfferClaimant {
  id: string;
  email: string;
}

/** Ids are the link itself: 128 random bits, so offers cannot be found by guessing. */
const newOfferId = () => `off_${randomBytes(16).toString('base64url')}`;
const planName = (plan: Plan) => plan.charAt(0).toUpperCase() + plan.slice(1);

export const OFFER_STATE_MESSAGES: Record<Exclude<OfferState, 'active'>, string> = {
  expired: 'This offer has expired.',
  revoked: 'This offer has been withdrawn.',
  used_up: 'This offer has already been claimed.',
};

const UNKNOWN_OFFER = 'There is no offer at this link. Check that you copied the whole link.';
const MANUAL_PAYMENT =
  'The offer is reserved for you. Online payment is not available here yet: we will contact you by e-mail to arrange payment, and your plan starts once it is paid.';
const CHECKOUT_PAYMENT = 'The offer is reserved for you. Complete the payment to start your plan.';

export function offerState(row: OfferRow, now: Date): OfferState {
  if (row.revokedAt !== null) return 'revoked';
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.maxClaims !== null && row.claimCount >= row.maxClaims) return 'used_up';
  return 'active';
}

export function toPublicOffer(row: OfferRow, now: Date): PublicOffer {
  const state = offerState(row, now);
  return {
    id: row.id,
    plan: row.plan,
    interval: row.interval,
    currency: row.currency,
    price: row.price,
    features: row.features as SpecialFeature[],
    headline: row.headline,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isSingleUse: row.maxClaims === 1,
    state,
    stateMessage: state === 'active' ? null : OFFER_STATE_MESSAGES[state],
  };
}

export function createOfferService(deps: {
  repo: OfferRepository;
  /** The site's address, for the link the operator sends. */
  publicUrl: string;
  /** Billing plugs in here (see StartCheckout); absent: payment is arranged by the operator. */
  startCheckout?: StartCheckout;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  function toOperatorOffer(row: OfferRow, at: Date): OperatorOffer {
    return {
      ...toPublicOffer(row, at),
      maxClaims: row.maxClaims,
      claimCount: row.claimCount,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      link: new URL(`/custom-offer/${encodeURIComponent(row.id)}`, deps.publicUrl).toString(),
    };
  }

  async function requireOffer(id: string): Promise<OfferRow> {
    const row = await repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', `No offer with the id "${id}".`);
    return row;
  }

  /**
   * A free offer: the plan, and the offer's features on top of those she was granted before. It never
   * lowers her: a higher plan she already has stays. A subscription she pays for online keeps deciding
   * her plan (its next event would undo a grant), so the offer then adds only its features, and an offer
   * for a higher plan than the one she pays for is refused in words.
   */
  async function grantFree(
    { states: accountStates, accounts }: AccountsOnConnection,
    claimant: OfferClaimant,
    offer: OfferRow,
  ): Promise<void> {
    const current = await accountStates.findState(claimant.id);
    const features = [...current.grantedFeatures, ...(offer.features as SpecialFeature[])];
    const live = await accountStates.findLiveSubscription(claimant.id);
    if (live) {
      if (PLANS.indexOf(offer.plan) > PLANS.indexOf(live.plan)) {
        throw new AppError(
          'CONFLICT',
          `You pay for the ${planName(live.plan)} plan online, and this offer's ${planName(offer.plan)} plan cannot replace a running subscription. Change your plan on the Plans page, or contact us to have the offer applied.`,
        );
      }
      await accounts.grant(claimant.email, { features });
      return;
    }
    const keepsHigher =
      current.status === 'subscribed' &&
      current.plan !== null &&
      PLANS.indexOf(current.plan) > PLANS.indexOf(offer.plan);
    await accounts.grant(claimant.email, {
      status: 'subscribed',
      plan: keepsHigher && current.plan ? current.plan : offer.plan,
      features,
      cancelledButActive: false,
    });
  }

  return {
    async create(input: unknown): Promise<OperatorOffer> {
      const parsed = createOfferSchema.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error);
      const offer = parsed.data;
      const at = now();
      const expiresAt = offer.expiresAt ? new Date(offer.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= at.getTime()) {
        throw new AppError('VALIDATION_FAILED', 'The expiry is in the past: give a future date.', {
          fields: { expiresAt: 'The expiry is in the past.' },
        });
      }
      const row = await repo.insert({
        id: newOfferId(),
        plan: offer.plan,
        interval: offer.interval,
        currency: offer.currency,
        price: offer.price,
        features: [...new Set(offer.features)],
        headline: offer.headline ? offer.headline : null,
        expiresAt,
        maxClaims: offer.maxClaims ?? null,
        createdBy: offer.createdBy ? offer.createdBy : null,
        createdAt: at,
      });
      return toOperatorOffer(row, at);
    },

    async list(): Promise<OperatorOffer[]> {
      const at = now();
      return (await repo.list()).map((row) => toOperatorOffer(row, at));
    },

    async show(id: string): Promise<OperatorOfferDetail> {
      const row = await requireOffer(id);
      const claims = await repo.claimsOf(row.id);
      return {
        ...toOperatorOffer(row, now()),
        claims: claims.map((c) => ({
          userId: c.userId,
          email: c.email,
          claimedAt: c.claimedAt.toISOString(),
        })),
      };
    },

    async revoke(id: string): Promise<OperatorOffer> {
      const row = await repo.revoke(id, now());
      if (!row) throw new AppError('NOT_FOUND', `No offer with the id "${id}".`);
      return toOperatorOffer(row, now());
    },

    /** GET /api/custom-offers/{id}: anyone may look; expired, revoked and used-up offers say so. */
    async getPublic(id: string): Promise<PublicOffer> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', UNKNOWN_OFFER);
      return toPublicOffer(row, now());
    },

    /**
     * Claims the offer for the signed-in creator. Claiming again answers her first claim. An offer that
     * cannot be claimed is a 409 with the reason; an unknown one a 404.
     */
    async claim(claimant: OfferClaimant, id: string): Promise<ClaimOfferResult> {
      const at = now();
      const known = await repo.find(id);
      if (!known) throw new AppError('NOT_FOUND', UNKNOWN_OFFER);
      const attempt = await repo.claim(known.id, claimant.id, at, async (accounts, offer) => {
        if (offer.price === 0) await grantFree(accounts, claimant, offer);
      });
      if (attempt.kind === 'refused') {
        const row = await repo.find(id);
        if (!row) throw new AppError('NOT_FOUND', UNKNOWN_OFFER);
        const state = offerState(row, now());
        // Refused while it still looked claimable: it was used up by a claim that just won.
        throw new AppError(
          'CONFLICT',
          state === 'active' ? OFFER_STATE_MESSAGES.used_up : OFFER_STATE_MESSAGES[state],
        );
      }
      const offer = toPublicOffer(attempt.offer, at);
      const base = {
        offer,
        claimedAt: attempt.claimedAt.toISOString(),
        isNewClaim: attempt.kind === 'new',
      };
      if (attempt.offer.price === 0) {
        return {
          ...base,
          next: 'granted',
          checkoutUrl: null,
          message: 'The offer is yours: your plan is active now.',
        };
      }
      const checkout = deps.startCheckout ? await deps.startCheckout(claimant.id, offer) : null;
      return checkout
        ? { ...base, next: 'payment', checkoutUrl: checkout.url, message: CHECKOUT_PAYMENT }
        : { ...base, next: 'payment', checkoutUrl: null, message: MANUAL_PAYMENT };
    },
  };
}

export type OfferService = ReturnType<typeof createOfferService>;
