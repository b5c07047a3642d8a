// What every notice shares whatever law it invokes: the heading and the fields that say who it is
// to, from and when; the signed ending; and the text and HTML rendered from the same blocks.
import type {
  NoticeBlock,
  NoticeBrand,
  NoticeChannel,
  NoticeRecipientRole,
} from './notice-types.ts';
import { formatDate } from './notice-text.ts';
import { renderHtml, renderText } from './render.ts';

export const ROLE_LABELS: Record<NoticeRecipientRole, string> = {
  site: 'site operator',
  host: 'hosting provider',
  cdn: 'content delivery network',
  registrar: 'domain registrar',
};

/** `/s/ <signer>, on behalf of <brand>, authorised agent of <person>`: an electronic signature. */
export function signatureLine(
  agentName: string,
  productName: string,
  ownerLegalName: string,
): string {
  return `/s/ ${agentName}, on behalf of ${productName}, authorised agent of ${ownerLegalName}`;
}

/**
 * The brand's contact details, which recipients answer: `label` names the party the brand is in this
 * notice and `capacity` what it is to the person it acts for. The creator's own address is never given.
 */
export function contactLines(
  brand: NoticeBrand,
  label = 'Complaining party',
  capacity = 'authorised agent of the copyright owner',
): string[] {
  const lines = [
    `${label}: ${brand.productName} (attn. ${brand.agentName}), ${capacity}`,
    `E-mail: ${brand.agentEmail}`,
  ];
  if (brand.agentPhone !== undefined) lines.push(`Telephone: ${brand.agentPhone}`);
  lines.push(`Postal address: ${brand.agentPostalAddress.split('\n').join(', ')}`);
  lines.push(`Website: ${brand.websiteUrl}`);
  return lines;
}

/** The heading and the fields block: to whom (and by which channel), from whom, reference, date, items. */
export function headerBlocks(header: {
  title: string;
  recipient: { role: NoticeRecipientRole; name: string; channel: NoticeChannel };
  from: string;
  reference: string;
  sentAt: Date;
  itemCount: number;
}): NoticeBlock[] {
  const { recipient } = header;
  const channelRow =
    recipient.channel.kind === 'email'
      ? { label: 'E-mail', value: recipient.channel.address }
      : { label: 'Web form', value: recipient.channel.url };
  return [
    { kind: 'heading', text: header.title },
    {
      kind: 'fields',
      rows: [
        { label: 'To', value: `${recipient.name} (${ROLE_LABELS[recipient.role]})` },
        channelRow,
        { label: 'From', value: header.from },
        { label: 'Reference', value: header.reference },
        { label: 'Date', value: formatDate(header.sentAt) },
        { label: 'Items', value: String(header.itemCount) },
      ],
    },
  ];
}

/** The end of a notice: the sign-off, the signature element and the signer's name, brand and address. */
export function signedEnding(
  brand: Pick<NoticeBrand, 'agentName' | 'productName' | 'agentEmail'>,
  signOff: string,
  signature: string,
  sentAt: Date,
): NoticeBlock[] {
  return [
    { kind: 'paragraph', text: signOff },
    { kind: 'element', element: 'signature', heading: null, text: signature },
    {
      kind: 'paragraph',
      text: `${brand.agentName}\n${brand.productName}\n${brand.agentEmail}\nDate: ${formatDate(sentAt)}`,
    },
  ];
}

/** The text and HTML of a notice, both from its blocks. */
export function renderDocument(
  blocks: readonly NoticeBlock[],
  subject: string,
  brand: Pick<NoticeBrand, 'productName' | 'logoUrl'>,
): { text: string; html: string } {
  return {
    text: renderText(blocks),
    html: renderHtml(blocks, {
      title: subject,
      brandName: brand.productName,
      logoUrl: brand.logoUrl,
    }),
  };
}

/** Hosts of the pages, in the order first listed: "a.example, b.example and 3 more". */
export function describeDomains(pageUrls: readonly string[], max = 4): string {
  const hosts = [...new Set(pageUrls.map((url) => new URL(url).hostname))];
  if (hosts.length <= max) return joinWords(hosts);
  return `${hosts.slice(0, max).join(', ')} and ${hosts.length - max} more`;
}

export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
