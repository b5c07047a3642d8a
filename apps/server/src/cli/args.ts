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
