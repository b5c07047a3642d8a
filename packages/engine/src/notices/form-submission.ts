// For recipients that take notices only through a web form: the values a typical DMCA form asks
// for, each ready to paste, taken from the same composed notice an e-mail would carry.
import { composeDmcaNotice } from './dmca-notice.ts';
import type { NoticeInput } from './notice-types.ts';
import { formatDate } from './notice-text.ts';
import { NoticeInputError, parseNoticeInput } from './parse-input.ts';

export interface FormField {
  /** Stable name for code (and the web app's copy buttons). */
  key: string;
  /** What forms usually call the field. */
  label: string;
  value: string;
}

export interface FormSubmission {
  formUrl: string;
  noticeId: string;
  fields: FormField[];
}

/** "Alex van Agent" → ["Alex van", "Agent"]: forms that split the name want the family name last. */
export function splitName(fullName: string): { first: string; last: string } {
  const parts = fullName.trim().split(/\s+/);
  if (parts.length === 1) return { first: parts[0] ?? '', last: parts[0] ?? '' };
  return { first: parts.slice(0, -1).join(' '), last: parts.at(-1) ?? '' };
}

const unique = (values: readonly string[]) => [...new Set(values)];

/** Throws NoticeInputError when the input is invalid or the recipient takes e-mail, not a form. */
export function prepareFormSubmission(rawInput: NoticeInput): FormSubmission {
  const input = parseNoticeInput(rawInput);
  const { channel } = input.recipient;
  if (channel.kind !== 'form') {
    throw new NoticeInputError([
      'recipient.channel: this recipient takes notices by e-mail; send the composed notice instead of a form',
    ]);
  }
  const notice = composeDmcaNotice(input);
  const { brand, creator } = input;
  const { first, last } = splitName(brand.agentName);
  const originalUrls = unique([
    ...notice.works.flatMap((work) => (work.originalUrl === null ? [] : [work.originalUrl])),
    ...creator.profileUrls,
  ]);
  const pageUrls = unique(notice.items.map((item) => item.pageUrl));
  const mediaUrls = unique(
    notice.items.flatMap((item) => (item.mediaUrl === null ? [] : [item.mediaUrl])),
  );

  const fields: FormField[] = [
    { key: 'fullName', label: 'Full name', value: brand.agentName },
    { key: 'firstName', label: 'First name', value: first },
    { key: 'lastName', label: 'Last name', value: last },
    { key: 'company', label: 'Company / organisation', value: brand.productName },
    {
      key: 'relationship',
      label: 'Your relationship to the copyright owner',
      value: 'Authorised agent of the copyright owner',
    },
    { key: 'copyrightOwner', label: 'Copyright owner you represent', value: creator.legalName },
    { key: 'email', label: 'E-mail address', value: brand.agentEmail },
  ];
  if (brand.agentPhone !== undefined)
    fields.push({ key: 'phone', label: 'Telephone', value: brand.agentPhone });
  fields.push({ key: 'postalAddress', label: 'Postal address', value: brand.agentPostalAddress });
  if (brand.agentCountry !== undefined)
    fields.push({ key: 'country', label: 'Country', value: brand.agentCountry });
  fields.push(
    {
      key: 'workDescription',
      label: 'Identify and describe the copyrighted work',
      value: notice.elements.works,
    },
    {
      key: 'originalUrls',
      label: 'Where can the original work be seen (URLs, one per line)',
      value: originalUrls.join('\n'),
    },
    {
      key: 'infringingUrls',
      label: 'Location of the infringing material (URLs, one per line)',
      value: pageUrls.join('\n'),
    },
  );
  if (mediaUrls.length > 0) {
    fields.push({
      key: 'infringingMediaUrls',
      label: 'Direct links to the infringing files (one per line)',
      value: mediaUrls.join('\n'),
    });
  }
  fields.push(
    {
      key: 'additionalInformation',
      label: 'Additional information',
      value: `Reference ${notice.noticeId}.\n${notice.elements.material}`,
    },
    { key: 'goodFaith', label: 'Good faith statement', value: notice.elements['good-faith'] },
    {
      key: 'accuracyAuthority',
      label: 'Statement of accuracy, under penalty of perjury',
      value: notice.elements['accuracy-authority'],
    },
    { key: 'signature', label: 'Signature', value: notice.elements.signature },
    { key: 'date', label: 'Date', value: formatDate(notice.sentAt) },
  );
  return { formUrl: channel.url, noticeId: notice.noticeId, fields };
}
