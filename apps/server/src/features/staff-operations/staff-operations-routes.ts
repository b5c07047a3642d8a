// /api/staff/offers and /api/staff/payouts (admins): `shark offers` and `shark payouts` in the console.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import {
  createOfferSchema,
  operatorOfferDetailSchema,
  operatorOfferSchema,
} from '@shark/contracts/offers.ts';
import { operatorPayoutSchema } from '@shark/contracts/affiliates.ts';
import {
  markPayoutPaidSchema,
  rejectPayoutSchema,
  staffOfferIdParamSchema,
  staffOfferListSchema,
  staffPayoutIdParamSchema,
  staffPayoutListSchema,
  staffPayoutQuerySchema,
} from '@shark/contracts/staff-operations.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { staffActor, staffGuard, type StaffEnv } from '#server/features/staff/staff-guard.ts';
import type { StaffService } from '#server/features/staff/staff-service.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { StaffOperationsService } from './staff-operations-service.ts';

const tags = ['Staff'];
const gated = {
  403: error('Two-factor authentication is not on yet, or the staff member is not an admin'),
  404: error('Not a staff member (or not signed in), or no such record'),
};
const withInput = { ...gated, 400: error('Invalid input; `fields` names each bad field') };

export function staffOperationsRoutes(deps: {
  auth: Auth;
  staff: StaffService;
  operations: StaffOperationsService;
}) {
  const admin = staffGuard(deps, { role: 'admin' });
  const listOffers = createRoute({
    method: 'get',
    path: '/staff/offers',
    tags,
    summary: 'Every custom offer, newest first, with its state and claims (admins)',
    middleware: [admin] as const,
    responses: { 200: json(staffOfferListSchema, 'The offers'), ...gated },
  });
  const showOffer = createRoute({
    method: 'get',
    path: '/staff/offers/{id}',
    tags,
    summary: 'One custom offer with who claimed it (admins)',
    middleware: [admin] as const,
    request: { params: staffOfferIdParamSchema },
    responses: { 200: json(operatorOfferDetailSchema, 'The offer'), ...gated },
  });
  const createOffer = createRoute({
    method: 'post',
    path: '/staff/offers',
    tags,
    summary: 'Create a custom offer: a plan at a price, with its public link (admins)',
    middleware: [admin] as const,
    request: { body: body(createOfferSchema) },
    responses: { 201: json(operatorOfferSchema, 'The new offer'), ...withInput },
  });
  const revokeOffer = createRoute({
    method: 'post',
    path: '/staff/offers/{id}/revoke',
    tags,
    summary: 'Withdraw a custom offer: it can no longer be claimed (admins)',
    middleware: [admin] as const,
    request: { params: staffOfferIdParamSchema },
    responses: { 200: json(operatorOfferSchema, 'The offer, revoked'), ...gated },
  });
  const listPayouts = createRoute({
    method: 'get',
    path: '/staff/payouts',
    tags,
    summary: 'Affiliates’ payout requests, newest first; the requested ones by default (admins)',
    middleware: [admin] as const,
    request: { query: staffPayoutQuerySchema },
    responses: { 200: json(staffPayoutListSchema, 'The payouts'), ...withInput },
  });
  const paid = createRoute({
    method: 'post',
    path: '/staff/payouts/{id}/paid',
    tags,
    summary: 'Mark a requested payout paid, with the transfer’s reference (admins)',
    middleware: [admin] as const,
    request: { params: staffPayoutIdParamSchema, body: body(markPayoutPaidSchema) },
    responses: {
      200: json(operatorPayoutSchema, 'The payout, paid'),
      ...withInput,
      409: error('The payout was decided already'),
    },
  });
  const reject = createRoute({
    method: 'post',
    path: '/staff/payouts/{id}/reject',
    tags,
    summary: 'Reject a requested payout; its commissions are available again (admins)',
    middleware: [admin] as const,
    request: { params: staffPayoutIdParamSchema, body: body(rejectPayoutSchema) },
    responses: {
      200: json(operatorPayoutSchema, 'The payout, rejected'),
      ...withInput,
      409: error('The payout was decided already'),
    },
  });

  const ops = deps.operations;
  return new OpenAPIHono<StaffEnv>({ defaultHook: throwOnInvalid })
    .openapi(listOffers, async (c) => c.json({ offers: await ops.listOffers() }, 200))
    .openapi(showOffer, async (c) => c.json(await ops.showOffer(c.req.valid('param').id), 200))
    .openapi(createOffer, async (c) =>
      c.json(await ops.createOffer(staffActor(c), c.req.valid('json')), 201),
    )
    .openapi(revokeOffer, async (c) =>
      c.json(await ops.revokeOffer(staffActor(c), c.req.valid('param').id), 200),
    )
    .openapi(listPayouts, async (c) => {
      const { status } = c.req.valid('query');
      return c.json({ payouts: await ops.listPayouts(status === 'all' ? null : status) }, 200);
    })
    .openapi(paid, async (c) =>
      c.json(
        await ops.markPayoutPaid(
          staffActor(c),
          c.req.valid('param').id,
          c.req.valid('json').reference,
        ),
        200,
      ),
    )
    .openapi(reject, async (c) =>
      c.json(
        await ops.rejectPayout(staffActor(c), c.req.valid('param').id, c.req.valid('json').reason),
        200,
      ),
    );
}
