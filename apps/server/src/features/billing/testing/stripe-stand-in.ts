// A local stand-in for Stripe: a real HTTP server that answers the API calls billing makes with Stripe's
// JSON shapes (form-encoded requests, list objects, error bodies), and sends webhooks signed with
// Stripe's scheme (Stripe-Signature: t=<unix time>,v1=<HMAC-SHA256 of "<t>.<payload>">). Tests drive
// what happens at Stripe through its control methods (pay a checkout, fail or pay a renewal, end a
// period) and decide when — and how often, in which order — each event is delivered.
//
// For a browser (the e2e suite) it also serves what Stripe hosts: Checkout's page (/c/pay/{id}, whose
// Pay button completes the payment, delivers the webhooks and returns to the success URL), the Customer
// Portal's page and invoices; and a control API for a test process that cannot call the methods
// (POST /__control/end-period, /__control/flush), answered without the secret key like the pages.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
type Form = { [key: string]: string | Form };

export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Json; previous_attributes?: Json };
}

export interface Delivery {
  status: number;
  body: unknown;
}

const DAY = 24 * 3600;
const API_VERSION = '2026-10-28.endive';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** "a[b][0][c]=v" pairs into nested objects (array indexes stay string keys). */
function parseForm(body: string): Form {
  const result: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head, ...rest] = rawKey.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node = result;
    path.forEach((key, index) => {
      if (index === path.length - 1) node[key] = value;
      else {
        const next = node[key];
        node = typeof next === 'object' ? next : (node[key] = {});
      }
    });
  }
  return result;
}

const str = (form: Form | string | undefined, key: string): string | undefined => {
  const value = typeof form === 'object' ? form[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};
const obj = (form: Form | string | undefined, key: string): Form | undefined => {
  const value = typeof form === 'object' ? form[key] : undefined;
  return typeof value === 'object' ? value : undefined;
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Stripe's signature header for a payload, computed as Stripe does. */
export function signPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestamp}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (the server's /api/billing/webhook). */
  webhookUrl: string | null;
  /** Stripe's clock in unix seconds: periods, invoices and events are dated by it. */
  now(): number;
  advance(seconds: number): void;
  /** Every API call received, as "METHOD /path". */
  readonly calls: string[];
  /** Events made and not yet delivered, oldest first. */
  readonly pending: StandInEvent[];
  subscription(id: string): Json;
  checkoutSession(id: string): Json;
  /** The customer completes Checkout: a subscription, its first paid invoice, and their events. */
  payCheckout(sessionId: string): { subscriptionId: string; events: StandInEvent[] };
  /** The period ends and the renewal payment fails: past_due, an open invoice. */
  failRenewal(subscriptionId: string): StandInEvent[];
  /** The renewal is paid: a past-due invoice at last, or the next period's. */
  renew(subscriptionId: string): StandInEvent[];
  /** The creator cancels or reactivates at Stripe (the Customer Portal). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): StandInEvent[];
  /**
   * The next subscription retrieval reads the subscription when it arrives but answers only on
   * release(): a slow request overtaken by a later one. `arrived` resolves once it has been read.
   */
  holdNextRetrieve(): { arrived: Promise<void>; release: () => void };
  /** The period ends: a subscription cancelled at period end (or past due) is deleted. */
  endPeriod(subscriptionId: string): StandInEvent[];
  /** Delivers the pending events in order (each once) and returns the server's answers. */
  flush(): Promise<Delivery[]>;
  /** Delivers one event; `secret` or `header` override the signature (bad-signature tests). */
  deliver(
    event: StandInEvent,
    options?: { secret?: string; header?: string | null },
  ): Promise<Delivery>;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  let clock = Math.floor(Date.now() / 1000);
  const calls: string[] = [];
  const pending: StandInEvent[] = [];
  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const portals = new Map<string, Json>();
  let baseUrl = '';
  const holds: { arrived: () => void; gate: Promise<void> }[] = [];

  function emit(type: string, object: Json, previous?: Json): StandInEvent {
    const event: StandInEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: clock,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: previous } : {}),
      },
    };
    pending.push(event);
    return event;
  }

  function list(data: Json[], url: string): Json {
    return { object: 'list', data, has_more: false, url };
  }

  function item(sub: Json): Json {
    return ((sub.items as Json).data as Json[])[0]!;
  }

  function periodLength(sub: Json): number {
    const recurring = (item(sub).price as Json).recurring as Json;
    return recurring.interval === 'year' ? 365 * DAY : 30 * DAY;
  }

  function price(data: Form | undefined): Json {
    const recurring = obj(data, 'recurring');
    const productId = str(data, 'product') ?? newId('prod');
    return {
      id: newId('price'),
      object: 'price',
      active: true,
      currency: str(data, 'currency'),
      unit_amount: Number(str(data, 'unit_amount')),
      product: productId,
      type: 'recurring',
      recurring: {
        interval: str(recurring, 'interval') ?? 'month',
        interval_count: 1,
        usage_type: 'licensed',
      },
      livemode: false,
      metadata: {},
    };
  }

  function invoice(sub: Json, paid: boolean, reason: string): Json {
    const subItem = item(sub);
    const amount = (subItem.price as Json).unit_amount as number;
    const inv: Json = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      currency: sub.currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      billing_reason: reason,
      created: clock,
      period_start: subItem.current_period_start,
      period_end: subItem.current_period_end,
      status: paid ? 'paid' : 'open',
      hosted_invoice_url: `${baseUrl}/invoices/${randomBytes(8).toString('hex')}`,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      status_transitions: {
        finalized_at: clock,
        paid_at: paid ? clock : null,
        voided_at: null,
        marked_uncollectible_at: null,
      },
    };
    invoices.set(inv.id as string, inv);
    sub.latest_invoice = inv.id;
    return inv;
  }

  function nextPeriod(sub: Json): void {
    const subItem = item(sub);
    const end = subItem.current_period_end as number;
    subItem.current_period_start = end;
    subItem.current_period_end = end + periodLength(sub);
  }

  function requireSubscription(id: string): Json {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id} at the stand-in`);
    return sub;
  }

  function notFound(res: ServerResponse, what: string, id: string) {
    send(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}: '${id}'`,
        param: 'id',
      },
    });
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res
      .writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') })
      .end(JSON.stringify(body));
  }

  function page(res: ServerResponse, status: number, title: string, body: string) {
    res
      .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
      );
  }

  /** The newest subscription of the customer with this e-mail address. */
  function subscriptionOfEmail(email: string): Json | undefined {
    const ids = new Set(
      [...customers.values()]
        .filter((c) => String(c.email).toLowerCase() === email.toLowerCase())
        .map((c) => c.id),
    );
    return [...subscriptions.values()].filter((sub) => ids.has(sub.customer)).at(-1);
  }

  /** What Stripe hosts for the customer's browser, and the control API; false when the path is neither. */
  async function handleHosted(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: string,
  ): Promise<boolean> {
    let match: RegExpMatchArray | null;
    if ((match = path.match(/^\/c\/pay\/([^/]+)$/))) {
      const session = sessions.get(match[1]!);
      if (!session) {
        page(res, 404, 'Checkout not found', '<p>This checkout session does not exist.</p>');
        return true;
      }
      if (req.method === 'GET') {
        const price = (session._line as { price: Json }).price;
        const amount = `${((price.unit_amount as number) / 100).toFixed(2)} ${String(price.currency).toUpperCase()}`;
        const interval = (price.recurring as Json).interval === 'year' ? 'year' : 'month';
        const plan = String((session.metadata as Json).plan ?? price.product);
        page(
          res,
          200,
          'Stand-in Checkout',
          session.status === 'open'
            ? `<p>Subscribe to <strong>${escapeHtml(plan)}</strong>: ${escapeHtml(amount)} a ${interval}.</p>` +
                `<form method="post"><button type="submit">Pay</button></form>` +
                `<p><a href="${escapeHtml(String(session.cancel_url))}">Back</a></p>`
            : '<p>This checkout session is complete.</p>',
        );
        return true;
      }
      if (req.method === 'POST') {
        if (session.status !== 'open') {
          page(res, 409, 'Checkout complete', '<p>This checkout session is already paid.</p>');
          return true;
        }
        standIn.payCheckout(session.id as string);
        // Stripe returns the browser without waiting for its webhooks; delivering them first keeps the
        // e2e journey deterministic (the web's return page copes with either order).
        await standIn.flush();
        res.writeHead(303, { location: String(session.success_url) }).end();
        return true;
      }
    }
    if (req.method === 'GET' && (match = path.match(/^\/p\/session\/([^/]+)$/))) {
      const portal = portals.get(match[1]!);
      if (!portal) {
        page(res, 404, 'Portal session not found', '<p>This portal session does not exist.</p>');
        return true;
      }
      const paid = [...invoices.values()].filter(
        (inv) => inv.customer === portal.customer && inv.status === 'paid',
      );
      page(
        res,
        200,
        'Stand-in Customer Portal',
        `<p>Payment method: test card ending 4242.</p><ul>${paid.map((inv) => `<li><a href="${escapeHtml(String(inv.hosted_invoice_url))}">Invoice ${escapeHtml(String(inv.id))}</a></li>`).join('')}</ul>` +
          `<p><a href="${escapeHtml(String(portal.return_url))}">Return</a></p>`,
      );
      return true;
    }
    if (req.method === 'GET' && (match = path.match(/^\/invoices\/([^/]+)$/))) {
      const inv = [...invoices.values()].find(
        (candidate) => candidate.hosted_invoice_url === `${baseUrl}${path}`,
      );
      if (!inv) page(res, 404, 'Invoice not found', '<p>No such invoice.</p>');
      else
        page(
          res,
          200,
          `Invoice ${String(inv.id)}`,
          `<p>${escapeHtml(((inv.amount_paid as number) / 100).toFixed(2))} ${escapeHtml(String(inv.currency).toUpperCase())}, ${escapeHtml(String(inv.status))}.</p>`,
        );
      return true;
    }
    if (req.method === 'POST' && path.startsWith('/__control/')) {
      let input: { subscriptionId?: unknown; email?: unknown } = {};
      try {
        input = body === '' ? {} : (JSON.parse(body) as typeof input);
      } catch {
        send(res, 400, { error: 'the body is not JSON' });
        return true;
      }
      if (path === '/__control/flush') {
        send(res, 200, { deliveries: await standIn.flush() });
        return true;
      }
      if (path === '/__control/end-period') {
        const sub =
          typeof input.subscriptionId === 'string'
            ? subscriptions.get(input.subscriptionId)
            : typeof input.email === 'string'
              ? subscriptionOfEmail(input.email)
              : undefined;
        if (!sub) {
          send(res, 404, {
            error: 'no such subscription: send { subscriptionId } or the customer’s { email }',
          });
          return true;
        }
        try {
          standIn.endPeriod(sub.id as string);
        } catch (error) {
          send(res, 409, { error: (error as Error).message });
          return true;
        }
        send(res, 200, { subscriptionId: sub.id, deliveries: await standIn.flush() });
        return true;
      }
      send(res, 404, { error: `no control ${path}` });
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', baseUrl);
    const path = url.pathname;
    // The browser's pages and the control API are not API calls.
    if (await handleHosted(req, res, path, Buffer.concat(chunks).toString('utf8'))) return;
    calls.push(`${req.method} ${path}`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const form = parseForm(Buffer.concat(chunks).toString('utf8'));
    let match: RegExpMatchArray | null;

    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: clock,
        email: str(form, 'email') ?? null,
        name: str(form, 'name') ?? null,
        metadata: obj(form, 'metadata') ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (req.method === 'POST' && path === '/v1/products') {
      const id = str(form, 'id') ?? newId('prod');
      if (products.has(id)) {
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_already_exists',
            message: `Product already exists.`,
            param: 'id',
          },
        });
      }
      const product = {
        id,
        object: 'product',
        active: true,
        created: clock,
        name: str(form, 'name'),
        metadata: obj(form, 'metadata') ?? {},
        livemode: false,
      };
      products.set(id, product);
      return send(res, 200, product);
    }
    if (req.method === 'GET' && (match = path.match(/^\/v1\/products\/([^/]+)$/))) {
      const product = products.get(match[1]!);
      return product ? send(res, 200, product) : notFound(res, 'product', match[1]!);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = str(form, 'customer');
      if (!customer || !customers.has(customer)) return notFound(res, 'customer', customer ?? '');
      const line = obj(obj(form, 'line_items'), '0');
      const priceData = obj(line, 'price_data');
      if (str(priceData, 'product') && !products.has(str(priceData, 'product')!))
        return notFound(res, 'product', str(priceData, 'product')!);
      const id = newId('cs_test');
      const session: Json = {
        id,
        object: 'checkout.session',
        mode: str(form, 'mode'),
        status: 'open',
        payment_status: 'unpaid',
        customer,
        client_reference_id: str(form, 'client_reference_id') ?? null,
        metadata: obj(form, 'metadata') ?? {},
        subscription: null,
        success_url: str(form, 'success_url'),
        cancel_url: str(form, 'cancel_url'),
        url: `${baseUrl}/c/pay/${id}`,
        created: clock,
        livemode: false,
        // Kept for payCheckout: what Stripe would have on the session's line items.
        _line: { price: price(priceData), quantity: Number(str(line, 'quantity') ?? '1') },
        _subscriptionMetadata: obj(obj(form, 'subscription_data'), 'metadata') ?? {},
      };
      sessions.set(id, session);
      const { _line, _subscriptionMetadata, ...visible } = session;
      return send(res, 200, visible);
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(form, 'customer');
      if (!customer || !customers.has(customer)) return notFound(res, 'customer', customer ?? '');
      const id = newId('bps');
      portals.set(id, { customer, return_url: str(form, 'return_url') ?? null });
      return send(res, 200, {
        id,
        object: 'billing_portal.session',
        customer,
        return_url: str(form, 'return_url') ?? null,
        url: `${baseUrl}/p/session/${id}`,
        created: clock,
        livemode: false,
      });
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(match[1]!);
      if (!sub) return notFound(res, 'subscription', match[1]!);
      if (req.method === 'GET') {
        const hold = holds.shift();
        if (!hold) return send(res, 200, sub);
        // Answer with the subscription as it is now, but only when the test says so.
        const snapshot = structuredClone(sub);
        hold.arrived();
        await hold.gate;
        return send(res, 200, snapshot);
      }
      if (req.method === 'DELETE') {
        // Cancel now (not at the period's end): canceled at once, and its "deleted" event.
        if (sub.status === 'canceled') {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: '${String(sub.id)}'`,
            },
          });
        }
        Object.assign(sub, { status: 'canceled', ended_at: clock, canceled_at: clock });
        emit('customer.subscription.deleted', sub);
        return send(res, 200, sub);
      }
      if (req.method === 'POST') {
        const previous: Json = {};
        const cancel = str(form, 'cancel_at_period_end');
        if (cancel !== undefined && (cancel === 'true') !== sub.cancel_at_period_end) {
          if (sub.status === 'canceled') {
            return send(res, 400, {
              error: {
                type: 'invalid_request_error',
                message:
                  'A canceled subscription can only update its cancellation_details and metadata.',
              },
            });
          }
          previous.cancel_at_period_end = sub.cancel_at_period_end;
          sub.cancel_at_period_end = cancel === 'true';
          sub.canceled_at = cancel === 'true' ? clock : null;
          sub.cancel_at = cancel === 'true' ? item(sub).current_period_end : null;
        }
        const newItem = obj(obj(form, 'items'), '0');
        if (newItem) {
          const subItem = item(sub);
          if (str(newItem, 'id') !== subItem.id)
            return notFound(res, 'subscription item', str(newItem, 'id') ?? '');
          const priceData = obj(newItem, 'price_data');
          if (str(priceData, 'product') && !products.has(str(priceData, 'product')!))
            return notFound(res, 'product', str(priceData, 'product')!);
          previous.items = structuredClone(sub.items);
          subItem.price = price(priceData);
          subItem.plan = subItem.price;
        }
        const metadata = obj(form, 'metadata');
        if (metadata) {
          previous.metadata = sub.metadata;
          sub.metadata = { ...(sub.metadata as Json), ...metadata };
        }
        if (Object.keys(previous).length > 0) emit('customer.subscription.updated', sub, previous);
        return send(res, 200, sub);
      }
    }
    return send(res, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${path}).`,
      },
    });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    url: baseUrl,
    secretKey,
    webhookSecret,
    webhookUrl: null,
    now: () => clock,
    advance(seconds) {
      clock += seconds;
    },
    calls,
    pending,
    subscription: (id) => structuredClone(requireSubscription(id)),
    checkoutSession(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no checkout session ${id} at the stand-in`);
      return structuredClone(session);
    },

    payCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open')
        throw new Error(`checkout session ${sessionId} is not open`);
      const line = session._line as { price: Json; quantity: number };
      const sub: Json = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        currency: line.price.currency,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: clock,
        start_date: clock,
        livemode: false,
        metadata: session._subscriptionMetadata,
        latest_invoice: null,
        items: list([], ''),
      };
      sub.items = list(
        [
          {
            id: newId('si'),
            object: 'subscription_item',
            subscription: sub.id,
            quantity: line.quantity,
            price: line.price,
            plan: line.price,
            current_period_start: clock,
            current_period_end: clock,
            created: clock,
            metadata: {},
          },
        ],
        `/v1/subscription_items?subscription=${String(sub.id)}`,
      );
      item(sub).current_period_end = clock + periodLength(sub);
      subscriptions.set(sub.id as string, sub);
      const inv = invoice(sub, true, 'subscription_create');
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      const { _line, _subscriptionMetadata, ...visible } = session;
      const events = [
        emit('checkout.session.completed', visible),
        emit('customer.subscription.created', sub),
        emit('invoice.paid', inv),
      ];
      return { subscriptionId: sub.id as string, events };
    },

    failRenewal(subscriptionId) {
      const sub = requireSubscription(subscriptionId);
      clock = Math.max(clock, item(sub).current_period_end as number);
      nextPeriod(sub);
      const inv = invoice(sub, false, 'subscription_cycle');
      const previous = { status: sub.status };
      sub.status = 'past_due';
      return [
        emit('invoice.payment_failed', inv),
        emit('customer.subscription.updated', sub, previous),
      ];
    },

    renew(subscriptionId) {
      const sub = requireSubscription(subscriptionId);
      const events: StandInEvent[] = [];
      let inv: Json;
      if (sub.status === 'past_due') {
        inv = invoices.get(sub.latest_invoice as string)!;
        Object.assign(inv, { status: 'paid', amount_paid: inv.amount_due, amount_remaining: 0 });
        (inv.status_transitions as Json).paid_at = clock;
      } else {
        clock = Math.max(clock, item(sub).current_period_end as number);
        nextPeriod(sub);
        inv = invoice(sub, true, 'subscription_cycle');
      }
      const previous = { status: sub.status };
      sub.status = 'active';
      events.push(emit('invoice.paid', inv), emit('customer.subscription.updated', sub, previous));
      return events;
    },

    setCancelAtPeriodEnd(subscriptionId, cancel) {
      const sub = requireSubscription(subscriptionId);
      const previous = { cancel_at_period_end: sub.cancel_at_period_end };
      Object.assign(sub, {
        cancel_at_period_end: cancel,
        canceled_at: cancel ? clock : null,
        cancel_at: cancel ? item(sub).current_period_end : null,
      });
      return [emit('customer.subscription.updated', sub, previous)];
    },

    holdNextRetrieve() {
      let arrived!: () => void;
      let release!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      holds.push({ arrived, gate });
      return { arrived: arrival, release };
    },

    endPeriod(subscriptionId) {
      const sub = requireSubscription(subscriptionId);
      clock = Math.max(clock, item(sub).current_period_end as number);
      if (!sub.cancel_at_period_end && sub.status !== 'past_due') {
        throw new Error(
          'endPeriod: the subscription is neither cancelled nor past due (use renew)',
        );
      }
      Object.assign(sub, {
        status: 'canceled',
        ended_at: clock,
        canceled_at: sub.canceled_at ?? clock,
      });
      return [emit('customer.subscription.deleted', sub)];
    },

    async flush() {
      const answers: Delivery[] = [];
      while (pending.length > 0) answers.push(await standIn.deliver(pending.shift()!));
      return answers;
    },

    async deliver(event, options = {}) {
      if (!standIn.webhookUrl) throw new Error('the stand-in has no webhookUrl');
      const payload = JSON.stringify(event, null, 2);
      const header =
        options.header === undefined
          ? signPayload(payload, options.secret ?? webhookSecret)
          : options.header;
      const response = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(header === null ? {} : { 'stripe-signature': header }),
        },
        body: payload,
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return { status: response.status, body };
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
