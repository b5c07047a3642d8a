// /api/billing/*: the creator's billing (signed in), and Stripe's webhook (signed by Stripe instead).
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import {
  billingSummarySchema,
  checkoutRequestSchema,
  checkoutResultSchema,
  redirectUrlSchema,
} from '@shark/contracts/billing.ts';
import { planCatalogSchema } from '@shark/contracts/plans.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser, type SessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { BillingService } from './billing-service.ts';

const tags = ['Billing'];
/** Stripe's events are a few kilobytes; anything far larger is not one. */
const WEBHOOK_MAX_BYTES = 1024 * 1024;
const signedIn = { 401: error('Not signed in') };
const onlineOnly = {
  409: error(
    'Online payment is not configured (manual billing), or the action does not apply to the subscription',
  ),
};

const get = createRoute({
  method: 'get',
  path: '/billing',
  tags,
  summary: 'The billing mode, the current subscription and recent payments',
  responses: { 200: json(billingSummarySchema, 'Billing'), ...signedIn },
});

const plans = createRoute({
  method: 'get',
  path: '/billing/plans',
  tags,
  summary: 'The plan catalog: names, prices in each currency, limits and features',
  responses: { 200: json(planCatalogSchema, 'The plan catalog'), ...signedIn },
});

const checkout = createRoute({
  method: 'post',
  path: '/billing/checkout',
  tags,
  summary: 'Subscribe through Stripe Checkout, or change the running subscription’s plan in place',
  request: { body: body(checkoutRequestSchema) },
  responses: {
    200: json(checkoutResultSchema, 'Checkout’s URL, or the changed subscription'),
    400: error('Invalid plan, interval or currency'),
    ...signedIn,
    ...onlineOnly,
  },
});

const portal = createRoute({
  method: 'post',
  path: '/billing/portal',
  tags,
  summary: 'A Stripe Customer Portal session (payment methods, invoices)',
  responses: { 200: json(redirectUrlSchema, 'The portal’s URL'), ...signedIn, ...onlineOnly },
});

const cancel = createRoute({
  method: 'post',
  path: '/billing/cancel',
  tags,
  summary: 'Cancel at the end of the paid period (cancelled-but-active until then)',
  responses: {
    200: json(billingSummarySchema, 'Billing after the change'),
    ...signedIn,
    ...onlineOnly,
  },
});

const reactivate = createRoute({
  method: 'post',
  path: '/billing/reactivate',
  tags,
  summary: 'Undo a cancellation before the period ends',
  responses: {
    200: json(billingSummarySchema, 'Billing after the change'),
    ...signedIn,
    ...onlineOnly,
  },
});

const webhook = createRoute({
  method: 'post',
  path: '/billing/webhook',
  tags,
  summary:
    'Stripe’s webhook: verified by its Stripe-Signature header; a repeated event is answered and ignored',
  middleware: [
    bodyLimit({
      maxSize: WEBHOOK_MAX_BYTES,
      onError: (c) => {
        // The rest of the body is never read: the connection cannot carry another request.
        c.header('connection', 'close');
        throw new AppError('PAYLOAD_TOO_LARGE', 'A webhook event is never this large.');
      },
    }),
  ] as const,
  request: { headers: z.object({ 'stripe-signature': z.string().optional() }) },
  responses: {
    200: json(
      z.object({ received: z.literal(true), duplicate: z.boolean() }),
      'Received; `duplicate`: the event was processed before and is ignored',
    ),
    400: error('Missing or invalid signature'),
    413: error('The body is too large for an event'),
    409: error('Online payment is not configured'),
  },
});

type BillingEnv = { Variables: AppEnv['Variables'] & { user: SessionUser } };

export function billingRoutes(deps: { auth: Auth; billing: BillingService }) {
  const { billing } = deps;
  const app = new OpenAPIHono<BillingEnv>({ defaultHook: throwOnInvalid });
  // Sign-in is checked before any input is read; the webhook is Stripe's, signed by Stripe instead.
  const requireUser = createMiddleware<BillingEnv>(async (c, next) => {
    c.set('user', await requireSessionUser(deps.auth, c));
    await next();
  });
  for (const path of [
    '/billing',
    '/billing/plans',
    '/billing/checkout',
    '/billing/portal',
    '/billing/cancel',
    '/billing/reactivate',
  ])
    app.use(path, requireUser);
  return app
    .openapi(get, async (c) => c.json(await billing.summary(c.get('user').id), 200))
    .openapi(plans, (c) => c.json(billing.plans(), 200))
    .openapi(checkout, async (c) =>
      c.json(await billing.checkout(c.get('user'), c.req.valid('json')), 200),
    )
    .openapi(portal, async (c) => c.json(await billing.portal(c.get('user')), 200))
    .openapi(cancel, async (c) => c.json(await billing.cancel(c.get('user').id), 200))
    .openapi(reactivate, async (c) => c.json(await billing.reactivate(c.get('user').id), 200))
    .openapi(webhook, async (c) => {
      // The signature covers the exact bytes Stripe sent: the body is read raw, never re-serialised.
      const { duplicate } = await billing.handleWebhook(
        await c.req.text(),
        c.req.header('stripe-signature'),
      );
      return c.json({ received: true as const, duplicate }, 200);
    });
}
