// A strict argument parser: every flag must be known; values are checked by the command.
export class UsageError extends Error {}

export interface FlagSpec {
  /** 'value' takes the next argument or `=value`; 'boolean' is true alone, or `=true|false`. */
  kind: 'value' | 'boolean';
}

export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | boolean>;
}

export function parseArgs(argv: string[], spec: Record<string, FlagSpec>): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | boolean>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const inline = eq === -1 ? undefined : arg.slice(eq + 1);
    const flag = spec[name];
    if (!flag) throw new UsageError(`Unknown flag --${name}.`);
    if (flags.has(name)) throw new UsageError(`--${name} is given twice.`);
    if (flag.kind === 'boolean') {
      if (inline === undefined || inline === 'true') flags.set(name, true);
      else if (inline === 'false') flags.set(name, false);
      else throw new UsageError(`--${name} takes true or false, not "${inline}".`);
    } else if (inline !== undefined) {
      flags.set(name, inline);
    } else {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2))
        throw new UsageError(`--${name} needs a value.`);
      flags.set(name, next);
      i++;
    }
  }
  return { positionals, flags };
}

/** A value flag's text; undefined when it is not given. */
export const flagText = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** An optional text flag (a name, a note), trimmed; null when it is not given or blank. */
export function optionalText(flags: Map<string, string | boolean>, name: string): string | null {
  const value = flagText(flags.get(name))?.trim();
  return value === undefined || value === '' ? null : value;
}

/** The flags of a subcommand that takes no positional argument; `hint` follows the refusal of one. */
export function parseFlagsOnly(
  argv: string[],
  spec: Record<string, FlagSpec>,
  hint?: string,
): Map<string, string | boolean> {
  const { positionals, flags } = parseArgs(argv, spec);
  if (positionals.length > 0)
    throw new UsageError(`Unexpected argument "${positionals[0]}"${hint ? `: ${hint}` : ''}.`);
  return flags;
}

/** A listing's only flag, `--json`: whether it is printed as JSON rather than for people. */
export const parseJsonFlag = (argv: string[]): boolean =>
  parseFlagsOnly(argv, { json: { kind: 'boolean' } }).get('json') === true;

/**
 * The flags of a command that makes something from quoted texts: no positional argument (`hint` says
 * what to quote), `--kind` given (`kinds` lists the choices), then each of `required` given.
 */
export function parseCreateFlags(
  argv: string[],
  spec: Record<string, FlagSpec>,
  { hint, kinds, required }: { hint: string; kinds: string; required: string[] },
): Map<string, string | boolean> {
  const flags = parseFlagsOnly(argv, spec, hint);
  if (flagText(flags.get('kind')) === undefined)
    throw new UsageError(`--kind is required: ${kinds}.`);
  for (const name of required)
    if (flagText(flags.get(name)) === undefined) throw new UsageError(`--${name} is required.`);
  return flags;
}
