// The pieces of the API fuzz test: the operations of an OpenAPI document, a plausible valid value for a
// JSON schema, its fields one by one, and the hostile value of each fuzz case for a field.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: string;
  /** The path as the document gives it, under /api: `/content/items/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: { contentType: string; schema: JsonSchema } | null;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, OpenApiParameter>;
  };
}
interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
  $ref?: string;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolveParameter = (p: OpenApiParameter): OpenApiParameter =>
    p.$ref ? doc.components!.parameters![p.$ref.split('/').at(-1)!]! : p;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = (op.parameters ?? []).map(resolveParameter);
      const param = (p: OpenApiParameter): Parameter => ({
        name: p.name,
        schema: resolveSchema(doc, p.schema ?? {}),
        required: p.required === true,
      });
      const content = op.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map(param),
        queryParams: parameters.filter((p) => p.in === 'query').map(param),
        body: contentType
          ? { contentType, schema: resolveSchema(doc, content[contentType]!.schema) }
          : null,
      });
    }
  }
  return operations;
}

/** The schema with every $ref replaced by what it names (the document has no recursive schemas). */
function resolveSchema(doc: OpenApiDocument, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 20) return schema;
  if (schema.$ref)
    return resolveSchema(doc, doc.components!.schemas![schema.$ref.split('/').at(-1)!]!, depth + 1);
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [
        key,
        resolveSchema(doc, value, depth + 1),
      ]),
    );
  }
  if (schema.items) out.items = resolveSchema(doc, schema.items, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (schema[key]) out[key] = schema[key].map((s) => resolveSchema(doc, s, depth + 1));
  }
  return out;
}

/** The one type a field takes (the first that is not null). */
export function typeOf(schema: JsonSchema): string {
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives) {
    const first = alternatives.find((s) => typeOf(s) !== 'null');
    return first ? typeOf(first) : 'null';
  }
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? 'null';
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.enum?.length) return typeof schema.enum[0];
  return 'string';
}

function concrete(schema: JsonSchema): JsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return alternatives?.find((s) => typeOf(s) !== 'null') ?? schema;
}

/** Plausible text for a field, by its name: the value a person would type. */
function plausibleText(name: string, schema: JsonSchema, ids: Record<string, string>): string {
  if (ids[name]) return ids[name];
  const lower = name.toLowerCase();
  const candidates: [RegExp, string][] = [
    [/email/, 'fuzz.person@example.com'],
    [/password/, 'fuzz password 123'],
    [/callback|redirect/, '/dashboard'],
    [/url|link|page/, 'https://fuzz-site.example/watch/1'],
    [/^value$/, 'fuzz-site.example'],
    [/currency/, 'usd'],
    [/country/, 'US'],
    [/legalname/, 'Nova Maria Reyes'],
    [/signature/, 'nova maria reyes'],
    [/postal/, '97201'],
    [/on$|date|^from$|^to$/, '2024-03-15'],
    [/term/, 'nova reyes leaked'],
    [/username/, 'novafuzz'],
    [/destination/, 'payouts@example.com'],
  ];
  let text = candidates.find(([pattern]) => pattern.test(lower))?.[1] ?? 'fuzz text';
  if (schema.pattern && !new RegExp(schema.pattern).test(text))
    text = schema.pattern.includes('a-z') ? 'fuzz' : text;
  return text.padEnd(schema.minLength ?? 0, 'z');
}

/** A valid-looking value for the schema: every property (required or not), one item in each list. */
export function sampleOf(schema: JsonSchema, name = '', ids: Record<string, string> = {}): unknown {
  const s = concrete(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, value]) => [key, sampleOf(value, key, ids)]),
      );
    case 'array': {
      const item = sampleOf(s.items ?? {}, name.replace(/s$/, ''), ids);
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item);
    }
    case 'integer':
    case 'number':
      return Math.min(
        Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1),
        s.maximum ?? Infinity,
      );
    case 'boolean':
      return typeof s.default === 'boolean' ? s.default : true;
    case 'null':
      return null;
    default:
      return plausibleText(name, s, ids);
  }
}

export interface Field {
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every field of a sampled value, containers and their contents, with the schema of each. */
export function fieldsOf(schema: JsonSchema, path: (string | number)[] = []): Field[] {
  const s = concrete(schema);
  const fields: Field[] = path.length > 0 ? [{ path, schema: s }] : [];
  const type = typeOf(s);
  if (type === 'object') {
    for (const [key, value] of Object.entries(s.properties ?? {}))
      fields.push(...fieldsOf(value, [...path, key]));
  } else if (type === 'array' && s.items) {
    fields.push(...fieldsOf(s.items, [...path, 0]));
  }
  return fields;
}

export function withValueAt(
  value: unknown,
  path: (string | number)[],
  replacement: unknown,
): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = replacement;
  return copy;
}

export const FUZZ_CASES = ['nul', 'long', 'negative', 'wrong type', 'malformed id'] as const;
export type FuzzCase = (typeof FUZZ_CASES)[number];

const LONG = 'x'.repeat(100_000);
/**
 * Node's HTTP server refuses a request head over 16 KB (431) before Shark sees it: a URL carries the
 * longest text that still reaches the handlers.
 */
const LONG_IN_URL = 'x'.repeat(12_000);
/** Characters an id never has: a lone surrogate, SQL quoting, path climbing. */
const MALFORMED_ID = "\ud800' OR '1'='1 --/../x";
/** The same as URL text: the surrogate as the (invalid UTF-8) bytes a client could send. */
const MALFORMED_ID_IN_URL = `%ED%A0%80${encodeURIComponent("' OR '1'='1 --/../x")}`;

/** The hostile value of a JSON field for a case. */
export function hostileValue(kind: FuzzCase, schema: JsonSchema): unknown {
  const type = typeOf(schema);
  switch (kind) {
    case 'nul':
      return 'fuzz\u0000nul';
    case 'long':
      return LONG;
    case 'negative':
      return -1;
    case 'wrong type':
      return type === 'string'
        ? 12345
        : type === 'object'
          ? 'not-an-object'
          : type === 'array'
            ? { not: 'a list' }
            : 'not-a-number';
    case 'malformed id':
      return MALFORMED_ID;
  }
}

/** The hostile value of a path or query parameter for a case, already URL-encoded. */
export function hostileUrlText(kind: FuzzCase, schema: JsonSchema): string {
  switch (kind) {
    case 'nul':
      return 'fuzz%00nul';
    case 'long':
      return LONG_IN_URL;
    case 'negative':
      return '-1';
    case 'wrong type':
      return typeOf(schema) === 'string' ? encodeURIComponent('{"$gt":""}') : 'not-a-number';
    case 'malformed id':
      return MALFORMED_ID_IN_URL;
  }
}
