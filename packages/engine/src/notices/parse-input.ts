// Checks what a composer is given and normalises it once: text from the web made one clean line,
// URLs in their canonical form, every problem listed at once. Unknown fields are dropped here, so
// nothing a caller attaches by mistake (a creator's address) can reach a notice.
import { z } from 'zod';
import type { NoticeInput } from './notice-types.ts';
import { canonicalUrl, isHttpUrl, multiLine, oneLine } from './notice-text.ts';
import { checkNoticeTemplates } from './templates.ts';

/** Bad input to a notice composer; `problems` lists each field and what is wrong with it. */
export class NoticeInputError extends Error {
  constructor(readonly problems: string[]) {
    super(`The notice cannot be composed:\n  - ${problems.join('\n  - ')}`);
    this.name = 'NoticeInputError';
  }
}

/** A notice this long is split by the caller: abuse desks and mail servers refuse larger ones. */
export const MAX_ITEMS_PER_NOTICE = 1000;

const URL_MAX = 8192;
const LINE_MAX = 500;

export const lineSchema = (max = LINE_MAX) =>
  z
    .string()
    .transform(oneLine)
    .pipe(z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`));

export const blockSchema = (max = 5000) =>
  z
    .string()
    .transform(multiLine)
    .pipe(z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`));

export const urlSchema = z
  .string()
  .trim()
  .max(URL_MAX, `must be at most ${URL_MAX} characters`)
  .refine(
    isHttpUrl,
    'must be an absolute http:// or https:// address without a user name or password',
  )
  .transform(canonicalUrl);

export const dateSchema = z.date({ error: 'must be a valid date' });

export const emailSchema = z.string().trim().pipe(z.email('must be an e-mail address'));

export const channelSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email'), address: emailSchema }),
  z.object({ kind: z.literal('form'), url: urlSchema }),
]);

export const brandSchema = z
  .object({
    id: lineSchema(100),
    productName: lineSchema(200),
    agentName: lineSchema(200),
    agentEmail: emailSchema,
    agentPostalAddress: blockSchema(1000),
    websiteUrl: urlSchema,
    templates: z.record(z.string(), z.unknown()).optional(),
    logoUrl: urlSchema.optional(),
    agentPhone: lineSchema(50).optional(),
    agentCountry: lineSchema(100).optional(),
  })
  .superRefine((brand, context) => {
    for (const problem of checkNoticeTemplates(brand.templates)) {
      context.addIssue({ code: 'custom', message: problem, path: [] });
    }
  });

export const authorisationSchema = z.object({ signedAt: dateSchema, signature: lineSchema(500) });

const workSchema = z.object({
  title: lineSchema(),
  referenceName: lineSchema().nullable(),
  publishedAt: dateSchema.nullable(),
  originalUrl: urlSchema.nullable(),
  collection: lineSchema().nullable().optional(),
  description: blockSchema(5000).nullable().optional(),
  type: z.enum(['photo', 'video', 'set']).nullable().optional(),
  referenceUploadedAt: dateSchema.nullable().optional(),
});

/**
 * A notice's input under any law: the brand, the recipient, the creator and her authorisation, the
 * items (of the law's own shape; at least one, at most MAX_ITEMS_PER_NOTICE), the notice's id and date,
 * and an escalation's first notice.
 */
export function noticeInputOf<Item extends z.ZodType>(item: Item, noItems: string) {
  return z.object({
    brand: brandSchema,
    recipient: z.object({
      role: z.enum(['site', 'cdn', 'host', 'registrar']),
      name: lineSchema(),
      channel: channelSchema,
    }),
    creator: z.object({
      legalName: lineSchema(200),
      publicName: lineSchema(200),
      profileUrls: z.array(urlSchema).max(50, 'must list at most 50 profiles'),
    }),
    authorisation: authorisationSchema,
    items: z
      .array(item)
      .min(1, noItems)
      .max(
        MAX_ITEMS_PER_NOTICE,
        `a notice lists at most ${MAX_ITEMS_PER_NOTICE} items: split the rest into another`,
      ),
    noticeId: lineSchema(200),
    sentAt: dateSchema,
    escalation: z.object({ previousRecipient: lineSchema(), firstNoticeAt: dateSchema }).optional(),
  });
}

const noticeInputSchema = noticeInputOf(
  z.object({
    pageUrl: urlSchema,
    mediaUrl: urlSchema.nullable(),
    kind: z.enum(['leak', 'impersonation']),
    work: workSchema,
    foundAt: dateSchema,
  }),
  'a notice needs at least one infringing item',
);

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
}

/** Parses with the schema or throws a NoticeInputError naming every problem. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new NoticeInputError(describeIssues(parsed.error));
  return parsed.data;
}

/** The input checked and normalised; throws NoticeInputError. */
export function parseNoticeInput(input: NoticeInput): NoticeInput {
  return parseOrThrow<NoticeInput>(noticeInputSchema, input);
}
