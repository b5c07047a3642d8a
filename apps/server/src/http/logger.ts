// A small structured logger (one JSON line per event); never given passwords or tokens.
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 100,
};

export interface Logger {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

export function createLogger(level: Level | 'silent'): Logger {
  const write = (at: Level) => (msg: string, data?: Record<string, unknown>) => {
    if (order[at] < order[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...data });
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** An error as the log may show it: what failed and where, never the values a failed query was given. */
export interface ErrorFields {
  message: string;
  name?: string;
  code?: string;
  stack?: string;
  cause?: ErrorFields;
}

const MAX_DEPTH = 4;
const MAX_QUERY = 2000;

/**
 * The fields to log for a caught error. A failed database query (Drizzle's DrizzleQueryError and the
 * errors that quote it) names its SQL and parameters, and the parameters are user data (ids, e-mail
 * addresses, text): the SQL stays, the parameters go; the driver's own error (the cause) keeps its
 * message and code.
 */
export function describeError(error: unknown, depth = 0): ErrorFields {
  if (!(error instanceof Error)) return { message: withoutParams(String(error)) };
  const message = safeErrorMessage(error);
  const fields: ErrorFields = { message };
  if (error.name && error.name !== 'Error') fields.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') fields.code = String(code);
  if (error.stack) {
    // The stack opens with the original message; only the frames after it are kept.
    const at = error.message ? error.stack.indexOf(error.message) : -1;
    const rest = at >= 0 ? error.stack.slice(at + error.message.length) : error.stack;
    const frames = rest.split('\n').filter((line) => /^\s+at /.test(line));
    fields.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  }
  if (error.cause !== undefined && depth < MAX_DEPTH)
    fields.cause = describeError(error.cause, depth + 1);
  return fields;
}

/** An error's message without query parameters: what `error.message` would say, made safe to log or store. */
export function safeErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return withoutParams(String(error));
  const { query, params } = error as { query?: unknown; params?: unknown };
  if (
    typeof query === 'string' &&
    params !== undefined &&
    error.message.startsWith('Failed query: ')
  ) {
    const detail = error.cause instanceof Error ? `: ${safeErrorMessage(error.cause)}` : '';
    return `Failed query: ${query.slice(0, MAX_QUERY)}${detail}`;
  }
  return withoutParams(error.message);
}

/** Drizzle's failed-query text ends with "params: …", quoted wherever its message was copied into another. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*$/, '\nparams: (not logged)');
}
