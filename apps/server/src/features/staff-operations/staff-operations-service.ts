// The operator's money work from the staff console: custom offers and affiliates' payouts, through the
// same services as `shark offers` and `shark payouts`, each change written to the audit log.
import type { CreateOffer, OperatorOffer, OperatorOfferDetail } from '@shark/contracts/offers.ts';
import type { OperatorPayout, PayoutStatus } from '@shark/contracts/affiliates.ts';
import type { AffiliateService } from '#server/features/affiliates/affiliate-service.ts';
import type { OfferService } from '#server/features/offers/offer-service.ts';
import type { StaffActor, StaffAudit } from '#server/features/staff/staff-audit.ts';
import { AppError } from '#server/http/app-error.ts';

export interface StaffOperationsDeps {
  audit: StaffAudit;
  offers: Pick<OfferService, 'create' | 'list' | 'show' | 'revoke'>;
  affiliates: Pick<AffiliateService, 'listPayouts' | 'findPayout' | 'markPaid' | 'reject'>;
}

export function createStaffOperationsService(deps: StaffOperationsDeps) {
  const { audit, offers, affiliates } = deps;

  async function decidePayout(
    actor: StaffActor,
    id: string,
    decision: 'paid' | 'rejected',
    note: string,
  ): Promise<OperatorPayout> {
    const before = await affiliates.findPayout(id);
    if (!before) throw new AppError('NOT_FOUND', `No payout ${id}.`);
    const after =
      decision === 'paid' ? await affiliates.markPaid(id, note) : await affiliates.reject(id, note);
    const { affiliateUserId, ...shown } = before;
    await audit.record(actor, {
      action: decision === 'paid' ? 'payout.paid' : 'payout.reject',
      targetType: 'affiliate_payout',
      targetId: id,
      subjectUserId: affiliateUserId,
      before: shown,
      after,
    });
    return after;
  }

  return {
    listOffers: (): Promise<OperatorOffer[]> => offers.list(),

    showOffer: (id: string): Promise<OperatorOfferDetail> => offers.show(id),

    /** The creator of the offer is the staff member, whatever the form said. */
    async createOffer(actor: StaffActor, input: CreateOffer): Promise<OperatorOffer> {
      const offer = await offers.create({ ...input, createdBy: actor.email });
      await audit.record(actor, {
        action: 'offer.create',
        targetType: 'custom_offer',
        targetId: offer.id,
        before: null,
        after: offer,
      });
      return offer;
    },

    async revokeOffer(actor: StaffActor, id: string): Promise<OperatorOffer> {
      const before = await offers.show(id);
      const after = await offers.revoke(id);
      const { claims: _claims, ...shown } = before;
      if (before.revokedAt === null)
        await audit.record(actor, {
          action: 'offer.revoke',
          targetType: 'custom_offer',
          targetId: id,
          before: shown,
          after,
        });
      return after;
    },

    listPayouts: (status: PayoutStatus | null): Promise<OperatorPayout[]> =>
      affiliates.listPayouts(status),

    markPayoutPaid: (actor: StaffActor, id: string, reference: string) =>
      decidePayout(actor, id, 'paid', reference),

    rejectPayout: (actor: StaffActor, id: string, reason: string) =>
      decidePayout(actor, id, 'rejected', reason),
  };
}

export type StaffOperationsService = ReturnType<typeof createStaffOperationsService>;
