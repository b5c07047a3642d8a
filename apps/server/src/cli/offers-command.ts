// `shark offers create|list|show|revoke`: the operator's custom offers (features/offers), on the database
// or, while a server holds the embedded database, through its admin socket.
import type { Config } from '#server/config/env.ts';
import { OFFER_INTERVALS, type CreateOffer, type OperatorOffer } from '@shark/contracts/offers.ts';
import { PLANS, SPECIAL_FEATURES, type Plan, type SpecialFeature } from '@shark/contracts/user.ts';
import { parseArgs, UsageError } from './args.ts';
import { executeNamed, toJson, unknownSubcommand, type NamedRequest } from './command-kit.ts';

export const OFFERS_HELP = `Usage:
  shark offers create --plan standard|plus|premium --interval monthly|annual --currency usd --price CENTS
                      [--features a,b] [--expires 2027-01-31] [--max-claims N] [--headline "..."] [--by NAME]
      Creates an offer and prints it with its public link (/custom-offer/<id>). The price is in
      cents (2999 for 29.99; 0 makes the plan free: claiming it starts the plan at once). --features
      are special features on top of the plan's (${SPECIAL_FEATURES.join(', ')}).
      --expires is the last day (UTC) or an ISO date and time; --max-claims 1 is single-use;
      without it any number of creators may claim it.
  shark offers list [--json]
      Every offer, newest first, with its state and claims.
  shark offers show <id>
      One offer with who claimed it and when.
  shark offers revoke <id>
      Withdraws the offer: its page says so and it can no longer be claimed.`;

export type OffersCommand =
  | { kind: 'create'; offer: CreateOffer }
  | { kind: 'list'; isJson: boolean }
  | { kind: 'show'; id: string }
  | { kind: 'revoke'; id: string };

const isOneOf = <T extends string>(value: string, list: readonly T[]): value is T =>
  (list as readonly string[]).includes(value);

function requireId(positionals: string[], sub: string): string {
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  const id = positionals[0]?.trim() ?? '';
  if (id === '') throw new UsageError(`shark offers ${sub} needs an offer id.`);
  return id;
}

function required(flags: Map<string, string | boolean>, name: string, hint: string): string {
  const value = flags.get(name);
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError(`--${name} is required: ${hint}.`);
  return value.trim();
}

/** A date alone means the whole of that day (UTC); otherwise an ISO date and time with its offset. */
export function parseExpiry(text: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const end = new Date(
      Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 23, 59, 59, 999),
    );
    if (end.toISOString().slice(0, 10) !== text)
      throw new UsageError(`--expires "${text}" is not a date.`);
    return end.toISOString();
  }
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)
    ? new Date(text)
    : null;
  if (!at || Number.isNaN(at.getTime())) {
    throw new UsageError(
      `--expires "${text}" is not a date: give 2027-01-31 or 2027-01-31T18:00:00Z.`,
    );
  }
  return at.toISOString();
}

function parseCreate(argv: string[]): OffersCommand {
  const { positionals, flags } = parseArgs(argv, {
    plan: { kind: 'value' },
    interval: { kind: 'value' },
    currency: { kind: 'value' },
    price: { kind: 'value' },
    features: { kind: 'value' },
    expires: { kind: 'value' },
    'max-claims': { kind: 'value' },
    headline: { kind: 'value' },
    by: { kind: 'value' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
  const plan = required(flags, 'plan', PLANS.join(', '));
  if (!isOneOf<Plan>(plan, PLANS))
    throw new UsageError(`Unknown plan "${plan}": use ${PLANS.join(', ')}.`);
  const interval = required(flags, 'interval', 'monthly or annual');
  if (!isOneOf(interval, OFFER_INTERVALS))
    throw new UsageError(`Unknown interval "${interval}": use monthly or annual.`);
  const currency = required(flags, 'currency', 'a three-letter code such as usd').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency))
    throw new UsageError(
      `--currency "${currency}" is not a three-letter ISO 4217 code such as usd or eur.`,
    );
  const priceText = required(flags, 'price', 'the price in cents (2999 for 29.99, 0 for free)');
  if (!/^\d+$/.test(priceText))
    throw new UsageError(`--price "${priceText}" is not a whole number of cents (2999 for 29.99).`);
  const featuresText = flags.get('features');
  let features: SpecialFeature[] = [];
  if (typeof featuresText === 'string' && featuresText.trim() !== '') {
    const names = featuresText
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f !== '');
    const unknown = names.find((f) => !isOneOf<SpecialFeature>(f, SPECIAL_FEATURES));
    if (unknown !== undefined)
      throw new UsageError(`Unknown feature "${unknown}": use ${SPECIAL_FEATURES.join(', ')}.`);
    features = names as SpecialFeature[];
  }
  const expires = flags.get('expires');
  const maxClaimsText = flags.get('max-claims');
  let maxClaims: number | null = null;
  if (typeof maxClaimsText === 'string') {
    if (!/^\d+$/.test(maxClaimsText) || Number(maxClaimsText) < 1) {
      throw new UsageError(
        `--max-claims "${maxClaimsText}" is not a whole number of at least 1 (1: single-use).`,
      );
    }
    maxClaims = Number(maxClaimsText);
  }
  const headline = flags.get('headline');
  const by = flags.get('by');
  return {
    kind: 'create',
    offer: {
      plan,
      interval,
      currency,
      price: Number(priceText),
      features,
      expiresAt: typeof expires === 'string' ? parseExpiry(expires.trim()) : null,
      maxClaims,
      headline: typeof headline === 'string' && headline.trim() !== '' ? headline.trim() : null,
      createdBy: typeof by === 'string' && by.trim() !== '' ? by.trim() : null,
    },
  };
}

/** Checks the arguments completely before anything touches the database. */
export function parseOffersCommand(argv: string[]): OffersCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'create':
      return parseCreate(rest);
    case 'list': {
      const { positionals, flags } = parseArgs(rest, { json: { kind: 'boolean' } });
      if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
      return { kind: 'list', isJson: flags.get('json') === true };
    }
    case 'show':
    case 'revoke':
      return { kind: sub, id: requireId(parseArgs(rest, {}).positionals, sub) };
    case undefined:
    default:
      throw unknownSubcommand('offers', sub, OFFERS_HELP);
  }
}

function request(command: OffersCommand): NamedRequest {
  switch (command.kind) {
    case 'create':
      return { name: 'offers/create', body: command.offer };
    case 'list':
      return { name: 'offers/list', body: {} };
    case 'show':
    case 'revoke':
      return { name: `offers/${command.kind}`, body: { id: command.id } };
  }
}

const money = (offer: OperatorOffer) =>
  `${(offer.price / 100).toFixed(2)} ${offer.currency.toUpperCase()}/${offer.interval === 'monthly' ? 'month' : 'year'}`;

/** `shark offers list` without --json: one line per offer, for people. */
export function formatOfferList(offers: OperatorOffer[]): string {
  if (offers.length === 0) return 'No offers yet. Create one with shark offers create.';
  return offers
    .map((o) => {
      const claims = `${o.claimCount}/${o.maxClaims ?? '∞'} claimed`;
      const expiry = o.expiresAt ? `expires ${o.expiresAt}` : 'no expiry';
      return `${o.id}  ${o.state}  ${o.plan} ${money(o)}  ${claims}  ${expiry}  ${o.link}`;
    })
    .join('\n');
}

/** Runs the command on the server's database, or through a running server's admin socket. */
export async function executeOffersCommand(
  command: OffersCommand,
  config: Config,
): Promise<string> {
  const { openOfferCommands } = await import('#server/features/offers/offer-commands.ts');
  const result = await executeNamed(openOfferCommands, request(command), config);
  if (command.kind === 'list' && !command.isJson) return formatOfferList(result as OperatorOffer[]);
  return toJson(result);
}
