// `shark sites list|contact|accept|dismiss`: the sites outside the catalog that yielded copies, their
// review, and the staff's correction of a site's own copyright channel (which then always wins).
import type {
  DiscoveredSiteView,
  SiteContactView,
} from '#server/features/takedowns/recipients/site-contact-service.ts';
import { parseArgs, UsageError, type FlagSpec } from './args.ts';
import { requirePositionalId, unknownSubcommand, type NamedRequest } from './command-kit.ts';

export const SITES_HELP = `Usage:
  shark sites list [--status candidate|accepted|dismissed] [--json]
      Sites not in the catalog that yielded copies, most copies first.
  shark sites contact <site-or-url> --show [--json]
      The site's own copyright channel as found on its pages (or corrected), and when.
  shark sites contact <site-or-url> --email ADDRESS | --form URL [--by NAME]
      Sets the site's channel by hand: it is the first recipient of every takedown on the site from
      now on and is never looked up again; the site is marked accepted.
  shark sites accept <site-or-url> [--name NAME] [--kind KIND] [--by NAME]
      Marks the site accepted (added when no scan has recorded it yet).
  shark sites dismiss <site-or-url> [--by NAME]
      Marks the site dismissed.`;

const STATUSES = ['candidate', 'accepted', 'dismissed'] as const;

export type SitesCommand =
  | { kind: 'list'; status: (typeof STATUSES)[number] | null; json: boolean }
  | { kind: 'show'; site: string; json: boolean }
  | { kind: 'contact'; site: string; email: string | null; form: string | null; by: string | null }
  | {
      kind: 'accept' | 'dismiss';
      site: string;
      name: string | null;
      siteKind: string | null;
      by: string | null;
    };

function text(flags: Map<string, string | boolean>, name: string): string | null {
  const value = flags.get(name);
  if (typeof value !== 'string') return null;
  if (value.trim() === '') throw new UsageError(`--${name} needs a value.`);
  return value.trim();
}

/** Checks the arguments completely before anything touches the database. */
export function parseSitesCommand(argv: string[]): SitesCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'list': {
      const { positionals, flags } = parseArgs(rest, {
        status: { kind: 'value' },
        json: { kind: 'boolean' },
      });
      if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
      const status = text(flags, 'status');
      if (status !== null && !(STATUSES as readonly string[]).includes(status))
        throw new UsageError(`--status must be one of ${STATUSES.join(', ')}, not "${status}".`);
      return {
        kind: 'list',
        status: status as (typeof STATUSES)[number] | null,
        json: flags.get('json') === true,
      };
    }
    case 'contact': {
      const { positionals, flags } = parseArgs(rest, {
        show: { kind: 'boolean' },
        email: { kind: 'value' },
        form: { kind: 'value' },
        by: { kind: 'value' },
        json: { kind: 'boolean' },
      });
      const site = requirePositionalId(
        positionals,
        'shark sites contact',
        'a site or URL instead of an',
      );
      const email = text(flags, 'email');
      const form = text(flags, 'form');
      if (flags.get('show') === true) {
        if (email !== null || form !== null)
          throw new UsageError('--show cannot be given with --email or --form.');
        return { kind: 'show', site, json: flags.get('json') === true };
      }
      if ((email === null) === (form === null))
        throw new UsageError('shark sites contact needs --show, or one of --email and --form.');
      if (email !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        throw new UsageError(`--email: "${email}" is not an e-mail address.`);
      if (form !== null && !/^https?:\/\/\S+$/i.test(form))
        throw new UsageError(`--form: "${form}" is not an http(s) URL.`);
      return { kind: 'contact', site, email, form, by: text(flags, 'by') };
    }
    case 'accept':
    case 'dismiss': {
      const spec: Record<string, FlagSpec> =
        sub === 'accept'
          ? { name: { kind: 'value' }, kind: { kind: 'value' }, by: { kind: 'value' } }
          : { by: { kind: 'value' } };
      const { positionals, flags } = parseArgs(rest, spec);
      return {
        kind: sub,
        site: requirePositionalId(positionals, `shark sites ${sub}`, 'a site or URL instead of an'),
        name: text(flags, 'name'),
        siteKind: text(flags, 'kind'),
        by: text(flags, 'by'),
      };
    }
    case undefined:
    default:
      throw unknownSubcommand('sites', sub, SITES_HELP);
  }
}

/** The operator command's name and body (takedowns/operator/operator-commands.ts). */
export function sitesRequest(command: SitesCommand): NamedRequest {
  switch (command.kind) {
    case 'list':
      return { name: 'sites/list', body: { status: command.status } };
    case 'show':
      return { name: 'sites/contact-show', body: { site: command.site } };
    case 'contact':
      return {
        name: 'sites/contact',
        body: { site: command.site, email: command.email, form: command.form, by: command.by },
      };
    case 'accept':
    case 'dismiss':
      return {
        name: `sites/${command.kind}`,
        body: { site: command.site, name: command.name, kind: command.siteKind, by: command.by },
      };
  }
}

function contactLines(contact: SiteContactView): string {
  const channel = contact.address
    ? `${contact.channelKind === 'form' ? 'form' : 'e-mail'} ${contact.address}`
    : 'none found';
  const lines = [
    `Site:     ${contact.site}${contact.name ? ` (${contact.name})` : ''}`,
    `Status:   ${contact.status}${contact.correctedBy ? ` by ${contact.correctedBy}` : ''}`,
    `Channel:  ${channel}`,
    `Found:    ${contact.foundVia ?? '-'}${contact.foundOn ? ` on ${contact.foundOn}` : ''}`,
    `Checked:  ${contact.checkedAt}`,
  ];
  for (const field of contact.formFields)
    lines.push(`  field ${field.name} (${field.role}${field.required ? ', required' : ''})`);
  return lines.join('\n');
}

export function formatSites(command: SitesCommand, result: unknown): string {
  if ((command.kind === 'list' || command.kind === 'show') && command.json)
    return JSON.stringify(result, null, 2);
  switch (command.kind) {
    case 'list': {
      const sites = result as DiscoveredSiteView[];
      if (sites.length === 0) return 'No site.';
      return sites
        .map(
          (s) =>
            `${s.site}  ${s.status.padEnd(9)}  ${String(s.copies).padStart(4)} cop${s.copies === 1 ? 'y ' : 'ies'}  ${s.name ?? ''}${s.kind ? ` [${s.kind}]` : ''}`,
        )
        .join('\n');
    }
    case 'show':
      return contactLines(result as SiteContactView);
    case 'contact':
      return `Contact of ${(result as SiteContactView).site} corrected; it wins from now on.\n${contactLines(result as SiteContactView)}`;
    case 'accept':
    case 'dismiss': {
      const site = result as DiscoveredSiteView;
      return `Site ${site.site} marked ${site.status}.`;
    }
  }
}
