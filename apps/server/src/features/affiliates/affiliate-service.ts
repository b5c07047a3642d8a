// The affiliate programme's rules: codes, clicks, the lifelong tie made at sign-up, one commission per
// payment of a referred customer (pending for the hold, then available), and payouts of the available
// balance that operators mark paid or reject. See docs/affiliates.md.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  COMMISSIONS_PAGE_SIZE,
  payoutRequestSchema,
  referralLink,
  type AffiliateCommission,
  type AffiliateOverview,
  type AffiliatePayout,
  type AffiliateTerms,
  type CommissionPage,
  type CommissionStatus,
  type OperatorPayout,
  type PayoutStatus,
} from '@shark/contracts/affiliates.ts';
import type { AffiliateConfig } from '#server/config/env.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import { PayoutRefused, type AffiliateRepository, type PayoutRow } from './affiliate-repository.ts';
import { visitorIdOf } from './visitor-cookie.ts';

const DAY_MS = 24 * 3600 * 1000;
/** Unambiguous letters and digits (no 0/O, 1/I/L): a code is read aloud and typed by hand. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
/** How far back the catch-up sweep looks for payments without a commission. */
const CATCH_UP_DAYS = 7;

/** A random code from the alphabet; random bytes, so it says nothing about the user. */
export function generateCode(bytes: Buffer = randomBytes(CODE_LENGTH)): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length];
  return code;
}

/** Codes are matched without regard to case or surrounding spaces. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/**
 * The mailbox an address delivers to, for the same-person guard: lower-case, without a +tag, and for
 * Gmail without dots (alice.b+x@gmail.com and aliceb@googlemail.com are one person).
 */
export function normaliseEmail(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  let name = local.replace(/\+.*$/, '');
  let host = domain;
  if (host === 'googlemail.com') host = 'gmail.com';
  if (host === 'gmail.com') name = name.replace(/\./g, '');
  return `${name}@${host}`;
}

/** a•••@example.com: who the customer is to the affiliate, without giving her address away. */
export function maskEmail(email: string | null): string {
  if (!email) return 'Deleted account';
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export const hashVisitor = (visitorId: string) =>
  createHash('sha256').update(`referral-visitor:${visitorId}`).digest('hex');

/** The commission of a payment: whole smallest units, rounded down. */
export const commissionOf = (amount: number, rateBps: number) =>
  Math.floor((amount * rateBps) / 10_000);

function payoutView(row: PayoutRow): AffiliatePayout {
  return {
    id: row.id,
    currency: row.currency,
    amount: row.amount,
    status: row.status,
    destination: row.destination,
    operatorNote: row.operatorNote,
    commissionCount: Number(row.commissionCount),
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const money = (amount: number, currency: string) =>
  `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function createAffiliateService(deps: {
  repo: AffiliateRepository;
  config: AffiliateConfig;
  publicUrl: string;
  logger: Logger;
  /** Keys the hash of a visitor's address (visitor-cookie.ts); the server's own secret. */
  visitorSecret: string;
  /** Tells the affiliate of a new tie and of each commission (features/notifications); never throws. */
  onReferral?: (tie: { affiliateUserId: string; referredUserId: string }) => Promise<void>;
  onCommission?: (commission: {
    id: string;
    affiliateUserId: string;
    amount: number;
    currency: string;
    availableAt: Date;
  }) => Promise<void>;
}) {
  const { repo, config, logger } = deps;
  const terms: AffiliateTerms = {
    commissionRateBps: config.commissionRateBps,
    holdDays: config.holdDays,
    minPayout: config.minPayout,
  };

  async function ensureCode(userId: string): Promise<string> {
    const existing = await repo.codeOf(userId);
    if (existing) return existing;
    for (let attempt = 0; attempt < 10; attempt++) {
      if (await repo.insertCode(userId, generateCode())) break;
      // Either the code was taken, or another request of hers made her code meanwhile.
      const made = await repo.codeOf(userId);
      if (made) return made;
    }
    const code = await repo.codeOf(userId);
    if (!code) throw new Error('no free referral code after 10 attempts');
    return code;
  }

  /** Whether payer and affiliate are one person: the same user, Stripe customer or mailbox. */
  async function isSamePerson(payerId: string, affiliateId: string): Promise<boolean> {
    if (payerId === affiliateId) return true;
    const [payerCustomer, affiliateCustomer] = await Promise.all([
      repo.stripeCustomerOf(payerId),
      repo.stripeCustomerOf(affiliateId),
    ]);
    if (payerCustomer !== undefined && payerCustomer === affiliateCustomer) return true;
    const [payerEmail, affiliateEmail] = await Promise.all([
      repo.userEmail(payerId),
      repo.userEmail(affiliateId),
    ]);
    return (
      payerEmail !== undefined &&
      affiliateEmail !== undefined &&
      normaliseEmail(payerEmail) === normaliseEmail(affiliateEmail)
    );
  }

  async function creditPayment(
    paymentId: string,
    now: Date = new Date(),
  ): Promise<'credited' | 'already' | 'not_referred' | 'same_person' | 'nothing'> {
    const payment = await repo.payment(paymentId);
    if (!payment) return 'nothing';
    const tie = await repo.referralOf(payment.userId);
    if (!tie) return 'not_referred';
    const amount = commissionOf(payment.amount, config.commissionRateBps);
    if (amount <= 0) return 'nothing';
    if (await isSamePerson(payment.userId, tie.affiliateUserId)) {
      logger.warn('affiliate: no commission, payer and affiliate are the same person', {
        payment: paymentId,
      });
      return 'same_person';
    }
    const commission = {
      id: randomUUID(),
      paymentId,
      affiliateUserId: tie.affiliateUserId,
      referredUserId: payment.userId,
      currency: payment.currency.toLowerCase(),
      amount,
      rateBps: config.commissionRateBps,
      // The hold runs from the payment, not from when it was credited.
      availableAt: new Date(payment.paidAt.getTime() + config.holdDays * DAY_MS),
      createdAt: now,
    };
    const inserted = await repo.insertCommission(commission);
    if (inserted) await deps.onCommission?.(commission);
    return inserted ? 'credited' : 'already';
  }

  function statusOf(
    row: { payoutStatus: PayoutStatus | null; availableAt: Date },
    now: Date,
  ): CommissionStatus {
    if (row.payoutStatus === 'requested') return 'requested';
    if (row.payoutStatus === 'paid') return 'paid';
    return row.availableAt > now ? 'pending' : 'available';
  }

  async function decide(
    id: string,
    status: 'paid' | 'rejected',
    note: string,
  ): Promise<OperatorPayout> {
    const text = note.trim();
    if (text === '')
      throw new AppError(
        'VALIDATION_FAILED',
        status === 'paid' ? 'Give the transfer’s reference.' : 'Give the reason for the rejection.',
      );
    const before = await repo.findPayout(id);
    if (!before) throw new AppError('NOT_FOUND', `No payout ${id}.`);
    if (!(await repo.decidePayout(id, status, text.slice(0, 1000), new Date()))) {
      const now = await repo.findPayout(id);
      throw new AppError(
        'CONFLICT',
        `Payout ${id} is ${now?.status ?? before.status} already; only a requested payout can be marked ${status}.`,
      );
    }
    const after = await repo.findPayout(id);
    if (!after) throw new AppError('NOT_FOUND', `No payout ${id}.`);
    return { ...payoutView(after), affiliateEmail: after.affiliateEmail };
  }

  return {
    terms: (): AffiliateTerms => terms,

    ensureCode,

    async overview(userId: string, now: Date = new Date()): Promise<AffiliateOverview> {
      const code = await ensureCode(userId);
      const [counts, earnings] = await Promise.all([
        repo.counts(userId),
        repo.earnings(userId, now),
      ]);
      return {
        code,
        link: referralLink(deps.publicUrl, code),
        ...counts,
        earnings: earnings.map((e) => ({
          currency: e.currency,
          pending: Number(e.pending),
          available: Number(e.available),
          requested: Number(e.requested),
          paid: Number(e.paid),
        })),
        terms,
      };
    },

    async commissions(
      userId: string,
      page: number,
      now: Date = new Date(),
    ): Promise<CommissionPage> {
      const { rows, total } = await repo.commissions(
        userId,
        (page - 1) * COMMISSIONS_PAGE_SIZE,
        COMMISSIONS_PAGE_SIZE,
      );
      const items: AffiliateCommission[] = rows.map((r) => ({
        id: r.id,
        customer: maskEmail(r.customerEmail),
        currency: r.currency,
        amount: r.amount,
        paymentAmount: r.paymentAmount,
        rateBps: r.rateBps,
        status: statusOf(r, now),
        availableAt: r.availableAt.toISOString(),
        createdAt: r.createdAt.toISOString(),
      }));
      return { items, total, page, pageSize: COMMISSIONS_PAGE_SIZE };
    },

    async payouts(userId: string): Promise<AffiliatePayout[]> {
      return (await repo.payouts(userId)).map(payoutView);
    },

    /** The whole available balance of one currency, when it reaches the minimum. */
    async requestPayout(
      userId: string,
      body: unknown,
      now: Date = new Date(),
    ): Promise<AffiliatePayout> {
      const parsed = payoutRequestSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError(
          'VALIDATION_FAILED',
          issue?.message ?? 'Invalid payout request.',
          issue ? { fields: { [String(issue.path[0])]: issue.message } } : {},
        );
      }
      const { currency, destination } = parsed.data;
      await ensureCode(userId);
      const id = randomUUID();
      try {
        await repo.requestPayout({
          id,
          affiliateUserId: userId,
          currency,
          destination,
          minPayout: config.minPayout,
          now,
        });
      } catch (error) {
        if (!(error instanceof PayoutRefused)) throw error;
        const message =
          error.available === 0
            ? `You have no available earnings in ${currency.toUpperCase()} yet: commissions become available ${config.holdDays} days after each payment.`
            : `Payouts start at ${money(config.minPayout, currency)}; you have ${money(error.available, currency)} available.`;
        throw new AppError('CONFLICT', message, { fields: { currency: message } });
      }
      const made = (await repo.payouts(userId)).find((p) => p.id === id);
      if (!made) throw new Error('the payout was not recorded');
      return payoutView(made);
    },

    /**
     * The sign-up page opened through a link: counted once per visitor (her address) and day. The answer
     * is the same whether the code is an affiliate's or not, so clicks cannot be used to find codes.
     */
    async recordClick(
      code: string,
      address: string,
      now: Date = new Date(),
    ): Promise<{ visitorId: string }> {
      const visitorId = visitorIdOf(deps.visitorSecret, address);
      await repo.recordClick(
        normaliseCode(code),
        hashVisitor(visitorId),
        now.toISOString().slice(0, 10),
      );
      return { visitorId };
    },

    /**
     * Ties a new user to the affiliate whose code she signed up with, for life: 'link' when her browser
     * came through the affiliate's link (a click of her visitor cookie), 'code' when she typed it.
     * Unknown codes, and codes of the same person (same mailbox), tie nothing.
     */
    async attributeSignUp(
      newUser: { id: string; email: string; referralCode: string | null | undefined },
      visitorId: string | null,
    ): Promise<'tied' | 'no_code' | 'unknown_code' | 'self'> {
      if (!newUser.referralCode || newUser.referralCode.trim() === '') return 'no_code';
      const code = normaliseCode(newUser.referralCode);
      const affiliateUserId = await repo.affiliateOfCode(code);
      if (!affiliateUserId) return 'unknown_code';
      const affiliateEmail = await repo.userEmail(affiliateUserId);
      if (
        affiliateUserId === newUser.id ||
        (affiliateEmail !== undefined &&
          normaliseEmail(affiliateEmail) === normaliseEmail(newUser.email))
      ) {
        logger.warn('affiliate: self-referral refused', { user: newUser.id });
        return 'self';
      }
      const isFromLink =
        visitorId !== null && (await repo.hasClicked(affiliateUserId, hashVisitor(visitorId)));
      const isNew = await repo.createReferral({
        referredUserId: newUser.id,
        affiliateUserId,
        via: isFromLink ? 'link' : 'code',
        code,
      });
      if (isNew) await deps.onReferral?.({ affiliateUserId, referredUserId: newUser.id });
      return 'tied';
    },

    creditPayment,

    /** Credits payments that have no commission yet (a crash after the payment, or one recorded elsewhere). */
    async creditMissed(now: Date = new Date()): Promise<number> {
      let credited = 0;
      for (const id of await repo.uncreditedPayments(
        new Date(now.getTime() - CATCH_UP_DAYS * DAY_MS),
        500,
      )) {
        if ((await creditPayment(id, now)) === 'credited') credited++;
      }
      return credited;
    },

    async listPayouts(status: PayoutStatus | null): Promise<OperatorPayout[]> {
      return (await repo.allPayouts(status)).map((row) => ({
        ...payoutView(row),
        affiliateEmail: row.affiliateEmail,
      }));
    },

    /** One payout as the operator sees it, with the affiliate it belongs to. */
    async findPayout(id: string): Promise<(OperatorPayout & { affiliateUserId: string }) | null> {
      const row = await repo.findPayout(id);
      return row
        ? {
            ...payoutView(row),
            affiliateEmail: row.affiliateEmail,
            affiliateUserId: row.affiliateUserId,
          }
        : null;
    },

    markPaid: (id: string, reference: string) => decide(id, 'paid', reference),
    reject: (id: string, reason: string) => decide(id, 'rejected', reason),
  };
}

export type AffiliateService = ReturnType<typeof createAffiliateService>;
