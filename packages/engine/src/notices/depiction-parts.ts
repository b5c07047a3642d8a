// The parts the depiction notices (TAKE IT DOWN Act requests and DSA Article 16 notices) are built
// from: their input and its validation, the statements both make, the list of depictions, the
// signature, and the finished notice as text, blocks and form fields.
import { z } from 'zod';
import type { FormField } from './form-submission.ts';
import { headerBlocks, plural, renderDocument, signedEnding } from './notice-frame.ts';
import type {
  DepictionElementId,
  DSA_ELEMENT_IDS,
  NoticeBlock,
  NoticeBrand,
  NoticeChannel,
  NoticeRecipientRole,
  TAKE_IT_DOWN_ELEMENT_IDS,
} from './notice-types.ts';
import { fillTemplate, formatDate, formatDateTime, multiLine, oneLine } from './notice-text.ts';
import { dateSchema, noticeInputOf, parseOrThrow, urlSchema } from './parse-input.ts';
import { resolveTemplates } from './templates.ts';

/** What the creator said the depiction is (her own content is a leak, and goes in a DMCA notice). */
export type DepictionNature = 'forgery' | 'intimate_without_consent';

export interface DepictionItem {
  pageUrl: string;
  mediaUrl: string | null;
  nature: DepictionNature;
  foundAt: Date;
}

export interface DepictionNoticeInput {
  brand: NoticeBrand;
  recipient: { role: NoticeRecipientRole; name: string; channel: NoticeChannel };
  /** No address on purpose: the creator is contacted through the brand only. */
  creator: { legalName: string; publicName: string; profileUrls: string[] };
  authorisation: { signedAt: Date; signature: string };
  items: DepictionItem[];
  noticeId: string;
  sentAt: Date;
  /** A notice escalated to the host, CDN or registrar after the first recipient did not act. */
  escalation?: { previousRecipient: string; firstNoticeAt: Date };
}

export type TakeItDownElementId = (typeof TAKE_IT_DOWN_ELEMENT_IDS)[number];
export type DsaElementId = (typeof DSA_ELEMENT_IDS)[number];

/** One depiction as the PDF's table lists it. */
export interface DepictionItemRow {
  number: number;
  pageUrl: string;
  mediaUrl: string | null;
  nature: DepictionNature;
  foundAt: Date;
}

export interface ComposedDepictionNotice<E extends string> {
  law: 'take_it_down' | 'dsa_article_16';
  noticeId: string;
  sentAt: Date;
  subject: string;
  text: string;
  html: string;
  /** Each element's exact text: it appears verbatim in `text`, and HTML-escaped in `html`. */
  elements: Record<E, string>;
  recipient: { role: NoticeRecipientRole; name: string; channel: NoticeChannel };
  to: string | null;
  replyTo: string;
  blocks: NoticeBlock[];
  depictions: DepictionItemRow[];
  /** The same content as form fields, for recipients that take notices only through a form. */
  fields: FormField[];
  isEscalation: boolean;
}

export const inputSchema = noticeInputOf(
  z.object({
    pageUrl: urlSchema,
    mediaUrl: urlSchema.nullable(),
    nature: z.enum(['forgery', 'intimate_without_consent']),
    foundAt: dateSchema,
  }),
  'a notice needs at least one depiction',
);

/** The TAKE IT DOWN Act's duty of a covered platform, said in every request. */
export const TAKE_IT_DOWN_DEADLINE =
  'Under section 3(a)(3) of the TAKE IT DOWN Act, a covered platform must remove the intimate visual ' +
  'depiction, and make reasonable efforts to identify and remove any known identical copies, as soon as ' +
  'possible and not later than 48 hours after receiving a valid removal request.';

/** DSA Article 16(2)(d), in the Regulation's words, said by the submitter. */
export const DSA_BONA_FIDE_STATEMENT =
  'I confirm my bona fide belief that the information and allegations contained in this notice are ' +
  'accurate and complete.';

export const NATURE_LABELS: Record<DepictionNature, string> = {
  forgery: 'digital forgery of an identifiable individual',
  intimate_without_consent: 'intimate visual depiction published without consent',
};

export const ESCALATION_WORDS: Record<NoticeRecipientRole, string> = {
  site: 'Please act on it now.',
  host: 'As the hosting provider whose network serves it, please remove or disable access to it, or pass this notice to your customer and make sure it is acted upon.',
  cdn: 'Please forward this notice to the hosting provider of the origin server and to the site operator, remove or disable access to any copies your network caches, and tell us who hosts the origin so that we can notify them directly.',
  registrar:
    'Please forward this notice to the registrant and take the action your abuse policy provides for a domain used to publish intimate images of a person without her consent.',
};

export function parse(input: DepictionNoticeInput): DepictionNoticeInput {
  return parseOrThrow<DepictionNoticeInput>(inputSchema, input);
}

export function rowsOf(input: DepictionNoticeInput): DepictionItemRow[] {
  return input.items.map((item, index) => ({ number: index + 1, ...item }));
}

/** Each depiction with the exact address of its page and of its picture, and when it was found. */
export function locationText(rows: readonly DepictionItemRow[], domains: string): string {
  const lines = [
    `${plural(rows.length, 'depiction')} at ${domains}, each identified by its address:`,
  ];
  for (const row of rows) {
    lines.push(`${row.number}. Page: ${row.pageUrl}`);
    lines.push(`    Image: ${row.mediaUrl ?? 'none separate: the page itself shows it'}`);
    lines.push(`    What it is: ${NATURE_LABELS[row.nature]}`);
    lines.push(`    Found: ${formatDateTime(row.foundAt)}`);
  }
  return lines.join('\n');
}

export function natureStatements(input: DepictionNoticeInput): string[] {
  const natures = new Set(input.items.map((item) => item.nature));
  const { legalName, publicName } = input.creator;
  const statements: string[] = [];
  if (natures.has('forgery'))
    statements.push(
      `Each depiction listed as a digital forgery is a digital forgery of an identifiable individual, ` +
        `${legalName} (who publishes as "${publicName}"), published without her consent: an intimate visual ` +
        'depiction of her created or altered by software, artificial intelligence or other technological ' +
        'means so that it appears authentic. She did not take part in it and has not consented to its ' +
        'creation or its publication.',
    );
  if (natures.has('intimate_without_consent'))
    statements.push(
      `The depictions listed as intimate content published without consent show ${legalName} (who publishes ` +
        `as "${publicName}"), an identifiable individual. She has not consented to their publication at the ` +
        'addresses listed.',
    );
  return statements;
}

export function escalationParagraph(input: DepictionNoticeInput, domains: string): string | null {
  if (!input.escalation) return null;
  const { role } = input.recipient;
  const as =
    role === 'site'
      ? ''
      : ` as the ${role === 'cdn' ? 'content delivery network in front' : role === 'host' ? 'hosting provider' : 'registrar'} of ${domains}`;
  return (
    `This notice is escalated to you${as}. The depictions below were first reported to ` +
    `${input.escalation.previousRecipient} on ${formatDate(input.escalation.firstNoticeAt)} and were still ` +
    `available on ${formatDate(input.sentAt)}. ${ESCALATION_WORDS[role]}`
  );
}

export function signOffOf(input: DepictionNoticeInput, domains: string): string {
  const { brand, creator } = input;
  return multiLine(
    fillTemplate(resolveTemplates(brand).signOff, {
      brandName: brand.productName,
      agentName: brand.agentName,
      agentEmail: brand.agentEmail,
      websiteUrl: brand.websiteUrl,
      creatorLegalName: creator.legalName,
      creatorPublicName: creator.publicName,
      recipientName: input.recipient.name,
      noticeId: input.noticeId,
      itemCount: String(input.items.length),
      domains,
      sentDate: formatDate(input.sentAt),
    }),
  );
}

export function authorityText(input: DepictionNoticeInput): string {
  return (
    `${input.brand.productName} acts for ${input.creator.legalName} as her authorised representative under a ` +
    `written authorisation she signed on ${formatDate(input.authorisation.signedAt)} (signature on file: ` +
    `${input.authorisation.signature}).`
  );
}

export function baseFields(
  input: DepictionNoticeInput,
  signature: string,
  urls: readonly DepictionItemRow[],
): FormField[] {
  const { brand, creator } = input;
  return [
    { key: 'fullName', label: 'Your full name', value: brand.agentName },
    { key: 'email', label: 'E-mail address', value: brand.agentEmail },
    { key: 'company', label: 'Company / organisation', value: brand.productName },
    {
      key: 'relationship',
      label: 'Your relationship to the person depicted',
      value: `Authorised representative of ${creator.legalName} ("${creator.publicName}")`,
    },
    {
      key: 'pageUrls',
      label: 'URLs of the content (one per line)',
      value: [...new Set(urls.map((row) => row.pageUrl))].join('\n'),
    },
    {
      key: 'mediaUrls',
      label: 'Direct URLs of the images (one per line)',
      value: [...new Set(urls.flatMap((row) => (row.mediaUrl ? [row.mediaUrl] : [])))].join('\n'),
    },
    { key: 'signature', label: 'Signature', value: signature },
    { key: 'date', label: 'Date', value: formatDate(input.sentAt) },
    { key: 'reference', label: 'Reference', value: input.noticeId },
  ];
}

export function finish<E extends string>(
  law: 'take_it_down' | 'dsa_article_16',
  input: DepictionNoticeInput,
  parts: {
    subject: string;
    blocks: NoticeBlock[];
    elements: Record<E, string>;
    depictions: DepictionItemRow[];
    fields: FormField[];
  },
): ComposedDepictionNotice<E> {
  const subject = oneLine(`${input.escalation ? 'Escalation: ' : ''}${parts.subject}`);
  return {
    law,
    noticeId: input.noticeId,
    sentAt: input.sentAt,
    subject,
    ...renderDocument(parts.blocks, subject, input.brand),
    elements: parts.elements,
    recipient: input.recipient,
    to: input.recipient.channel.kind === 'email' ? input.recipient.channel.address : null,
    replyTo: input.brand.agentEmail,
    blocks: parts.blocks,
    depictions: parts.depictions,
    fields: parts.fields,
    isEscalation: input.escalation !== undefined,
  };
}

/**
 * A depiction notice's blocks: the header, the greeting with what the notice is for, the escalation
 * paragraph, the statutory elements in order, what the recipient is asked to do, and the signature.
 */
export function depictionBlocks<E extends DepictionElementId>(
  input: DepictionNoticeInput,
  parts: {
    title: string;
    /** Follows the greeting's introduction of the brand and the creator. */
    purpose: string;
    order: readonly E[];
    headings: Record<E, string>;
    elements: Record<E, string>;
    request: string;
    domains: string;
    signature: string;
    itemCount: number;
  },
): NoticeBlock[] {
  const { brand, creator } = input;
  const blocks: NoticeBlock[] = [
    ...headerBlocks({
      title: parts.title,
      recipient: input.recipient,
      from: `${brand.productName}, authorised representative of ${creator.legalName}`,
      reference: input.noticeId,
      sentAt: input.sentAt,
      itemCount: parts.itemCount,
    }),
    {
      kind: 'paragraph',
      text:
        `Dear ${input.recipient.name},\n\n${brand.productName} is the authorised representative of ` +
        `${creator.legalName}, who publishes as "${creator.publicName}". ${parts.purpose}`,
    },
  ];
  const escalation = escalationParagraph(input, parts.domains);
  if (escalation) blocks.push({ kind: 'paragraph', text: escalation });
  for (const element of parts.order) {
    blocks.push({
      kind: 'element',
      element,
      heading: parts.headings[element],
      text: parts.elements[element],
    });
  }
  blocks.push(
    { kind: 'paragraph', text: parts.request },
    ...signedEnding(brand, signOffOf(input, parts.domains), parts.signature, input.sentAt),
  );
  return blocks;
}
