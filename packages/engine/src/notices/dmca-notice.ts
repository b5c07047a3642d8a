// The DMCA notice: one per recipient, grouping that recipient's items, with every element of
// 17 U.S.C. §512(c)(3)(A). Shark sends it as the creator's authorised agent, so the contact details
// are the brand's; the creator's own address is not part of the input and cannot appear.
import type {
  ComposedNotice,
  NoticeBlock,
  NoticeElementId,
  NoticeInput,
  NoticeItemRow,
  NoticeRecipientRole,
  NoticeTemplates,
  NoticeWork,
  NoticeWorkRow,
} from './notice-types.ts';
import {
  contactLines,
  describeDomains,
  headerBlocks,
  plural,
  renderDocument,
  signatureLine,
  signedEnding,
} from './notice-frame.ts';
import { fillTemplate, formatDate, formatDateTime, multiLine, oneLine } from './notice-text.ts';
import { parseNoticeInput } from './parse-input.ts';
import { resolveTemplates } from './templates.ts';

export { ROLE_LABELS, contactLines, describeDomains, signatureLine } from './notice-frame.ts';

/** §512(c)(3)(A)(v), in the statute's words. */
export const GOOD_FAITH_STATEMENT =
  'I have a good faith belief that use of the material in the manner complained of is not authorized by the ' +
  'copyright owner, its agent, or the law.';

/** §512(c)(3)(A)(vi), in the statute's words, said by the signer. */
export const ACCURACY_AUTHORITY_STATEMENT =
  'I state that the information in this notification is accurate, and under penalty of perjury, that I am ' +
  'authorized to act on behalf of the owner of an exclusive right that is allegedly infringed.';

const ESCALATION_TEMPLATE: Record<NoticeRecipientRole, keyof NoticeTemplates> = {
  site: 'escalationToSite',
  host: 'escalationToHost',
  cdn: 'escalationToCdn',
  registrar: 'escalationToRegistrar',
};

const ELEMENT_HEADINGS: Record<Exclude<NoticeElementId, 'signature'>, string> = {
  works: '1. The copyrighted works (17 U.S.C. § 512(c)(3)(A)(ii))',
  material: '2. The infringing material (§ 512(c)(3)(A)(iii))',
  contact: '3. Contact information of the complaining party (§ 512(c)(3)(A)(iv))',
  'good-faith': '4. Statement of good faith (§ 512(c)(3)(A)(v))',
  'accuracy-authority': '5. Statement of accuracy and authority (§ 512(c)(3)(A)(vi))',
};

const TYPE_LABELS = { photo: 'photo', video: 'video', set: 'photo set' } as const;

/** Descriptions are the creator's; a notice names the work, it does not need all 5,000 characters. */
const DESCRIPTION_MAX = 400;

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function workKey(work: NoticeWork): string {
  return JSON.stringify([
    work.title,
    work.referenceName,
    work.publishedAt?.toISOString() ?? null,
    work.originalUrl,
    work.collection ?? null,
    work.type ?? null,
    work.referenceUploadedAt?.toISOString() ?? null,
  ]);
}

interface NumberedWork {
  row: NoticeWorkRow;
  work: NoticeWork;
}

/** Distinct works in the order items first cite them, numbered W1, W2, …; and each item's work. */
export function numberWorks<T extends { work: NoticeWork }>(
  items: readonly T[],
): { works: NumberedWork[]; refOf: (item: T) => NumberedWork } {
  const byKey = new Map<string, NumberedWork>();
  for (const item of items) {
    const key = workKey(item.work);
    if (byKey.has(key)) continue;
    const ref = `W${byKey.size + 1}`;
    byKey.set(key, {
      row: {
        ref,
        title: item.work.title,
        referenceName: item.work.referenceName,
        originalUrl: item.work.originalUrl,
      },
      work: item.work,
    });
  }
  return {
    works: [...byKey.values()],
    refOf: (item) => byKey.get(workKey(item.work)) as NumberedWork,
  };
}

/** One work as the works element lists it. */
function describeWork({ row, work }: NumberedWork, profilesWhere: string | null): string {
  const kind = [
    work.type ? TYPE_LABELS[work.type] : null,
    work.collection ? `collection "${work.collection}"` : null,
  ]
    .filter((part) => part !== null)
    .join('; ');
  const lines = [`${row.ref}. "${work.title}"${kind === '' ? '' : ` (${kind})`}`];
  const where = work.originalUrl ?? profilesWhere;
  const published =
    work.publishedAt === null ? 'Published' : `First published ${formatDate(work.publishedAt)}`;
  lines.push(
    where === null
      ? `    ${published}: not public; the agent can provide a copy on request`
      : `    ${published} at: ${where}`,
  );
  if (work.referenceName !== null) {
    lines.push(
      `    Reference file: ${work.referenceName}` +
        (work.referenceUploadedAt ? `, uploaded ${formatDate(work.referenceUploadedAt)}` : ''),
    );
  }
  if (work.description)
    lines.push(`    Description: ${truncate(oneLine(work.description), DESCRIPTION_MAX)}`);
  return lines.join('\n');
}

export function worksElement(
  creator: NoticeInput['creator'],
  works: readonly NumberedWork[],
): string {
  const owner =
    `The works are original photographs and videos created by ${creator.legalName}, who owns the copyright in ` +
    `them and publishes them as "${creator.publicName}"`;
  const profiles =
    creator.profileUrls.length === 0
      ? `${owner}.`
      : `${owner} at:\n${creator.profileUrls.map((url) => `- ${url}`).join('\n')}`;
  const heading =
    works.length === 1 ? 'The work copied is:' : `The ${works.length} works copied are:`;
  const profilesWhere =
    creator.profileUrls.length === 0
      ? null
      : creator.profileUrls.length === 1
        ? "the creator's profile listed above"
        : "the creator's profiles listed above";
  return `${profiles}\n${heading}\n${works.map((work) => describeWork(work, profilesWhere)).join('\n')}`;
}

function materialElement(
  rows: readonly NoticeItemRow[],
  publicName: string,
  domains: string,
): string {
  const lines = [`${plural(rows.length, 'item')} at ${domains}, each identified by its address:`];
  for (const row of rows) {
    lines.push(`${row.number}. Page: ${row.pageUrl}`);
    lines.push(
      `    Media file: ${row.mediaUrl ?? 'none separate: the page itself shows the work'}`,
    );
    const reference =
      row.referenceName === null ? '' : ` (matched reference file ${row.referenceName})`;
    lines.push(
      row.kind === 'leak'
        ? `    Copy of: ${row.workRef} "${row.workTitle}"${reference}`
        : `    Account impersonating ${publicName}, displaying: ${row.workRef} "${row.workTitle}"${reference}`,
    );
    lines.push(`    Found: ${formatDateTime(row.foundAt)}`);
  }
  return lines.join('\n');
}

function accuracyAuthorityElement(input: NoticeInput): string {
  return (
    `${ACCURACY_AUTHORITY_STATEMENT} ${input.brand.productName} acts for ${input.creator.legalName} under a written ` +
    `authorisation signed on ${formatDate(input.authorisation.signedAt)} (signature on file: ` +
    `${input.authorisation.signature}).`
  );
}

/**
 * Composes the notice for one recipient from its items. Throws NoticeInputError when the input is
 * incomplete or malformed (no items, a URL that is not http(s), an unknown template placeholder…).
 */
export function composeDmcaNotice(rawInput: NoticeInput): ComposedNotice {
  const input = parseNoticeInput(rawInput);
  const { brand, creator, recipient } = input;
  const templates = resolveTemplates(brand);

  const { works, refOf } = numberWorks(input.items);
  const items: NoticeItemRow[] = input.items.map((item, index) => {
    const { row } = refOf(item);
    return {
      number: index + 1,
      pageUrl: item.pageUrl,
      mediaUrl: item.mediaUrl,
      kind: item.kind,
      workRef: row.ref,
      workTitle: row.title,
      referenceName: row.referenceName,
      foundAt: item.foundAt,
    };
  });
  const domains = describeDomains(items.map((item) => item.pageUrl));

  const values: Record<string, string> = {
    brandName: brand.productName,
    agentName: brand.agentName,
    agentEmail: brand.agentEmail,
    websiteUrl: brand.websiteUrl,
    creatorLegalName: creator.legalName,
    creatorPublicName: creator.publicName,
    recipientName: recipient.name,
    noticeId: input.noticeId,
    itemCount: String(items.length),
    domains,
    sentDate: formatDate(input.sentAt),
    previousRecipient: input.escalation?.previousRecipient ?? '',
    firstNoticeDate: input.escalation ? formatDate(input.escalation.firstNoticeAt) : '',
  };
  const fill = (key: keyof NoticeTemplates) => multiLine(fillTemplate(templates[key], values));

  const elements: Record<NoticeElementId, string> = {
    signature: signatureLine(brand.agentName, brand.productName, creator.legalName),
    works: worksElement(creator, works),
    material: materialElement(items, creator.publicName, domains),
    contact: contactLines(brand).join('\n'),
    'good-faith': GOOD_FAITH_STATEMENT,
    'accuracy-authority': accuracyAuthorityElement(input),
  };

  const isEscalation = input.escalation !== undefined;
  const title = isEscalation
    ? 'Escalated notification of claimed copyright infringement'
    : 'Notification of claimed copyright infringement';
  const blocks: NoticeBlock[] = [
    ...headerBlocks({
      title,
      recipient,
      from: `${brand.productName}, authorised agent of ${creator.legalName}`,
      reference: input.noticeId,
      sentAt: input.sentAt,
      itemCount: items.length,
    }),
    { kind: 'paragraph', text: fill('intro') },
  ];
  if (isEscalation)
    blocks.push({ kind: 'paragraph', text: fill(ESCALATION_TEMPLATE[recipient.role]) });
  for (const element of [
    'works',
    'material',
    'contact',
    'good-faith',
    'accuracy-authority',
  ] as const) {
    blocks.push({
      kind: 'element',
      element,
      heading: ELEMENT_HEADINGS[element],
      text: elements[element],
    });
  }
  blocks.push(
    { kind: 'paragraph', text: fill('closing') },
    ...signedEnding(brand, fill('signOff'), elements.signature, input.sentAt),
  );

  const subject = oneLine(`${isEscalation ? 'Escalation: ' : ''}${fill('subject')}`);
  return {
    noticeId: input.noticeId,
    sentAt: input.sentAt,
    subject,
    ...renderDocument(blocks, subject, brand),
    elements,
    recipient,
    to: recipient.channel.kind === 'email' ? recipient.channel.address : null,
    replyTo: brand.agentEmail,
    blocks,
    works: works.map((work) => work.row),
    items,
    isEscalation,
  };
}
