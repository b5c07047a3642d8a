// A report of an account that pretends to be the creator, under the platform's own impersonation
// policy. Not a DMCA notice: it claims impersonation, names the creator's real accounts and lists
// the evidence, and is signed by the brand as the creator's authorised representative.
import { z } from 'zod';
import { contactLines, signatureLine } from './notice-frame.ts';
import type { FormField } from './form-submission.ts';
import type { NoticeBlock, NoticeBrand, NoticeChannel, NoticeTemplates } from './notice-types.ts';
import { fillTemplate, formatDate, multiLine, oneLine } from './notice-text.ts';
import {
  authorisationSchema,
  blockSchema,
  brandSchema,
  channelSchema,
  dateSchema,
  lineSchema,
  parseOrThrow,
  urlSchema,
} from './parse-input.ts';
import { renderHtml, renderText } from './render.ts';
import { resolveTemplates } from './templates.ts';

export interface ImpersonationReportInput {
  brand: NoticeBrand;
  platform: {
    id: string;
    name: string;
    channel: NoticeChannel;
    /** The platform's rule the account breaks, as the platform names it; a generic name otherwise. */
    policyName?: string;
    policyUrl?: string;
  };
  creator: { legalName: string; publicName: string; officialProfiles: string[] };
  impersonator: { url: string; username: string; displayName: string | null; evidence: string[] };
  authorisation: { signedAt: Date; signature: string };
  /** Quoted in the subject and the closing; defaults to `<platform>-<username>`. */
  reportId?: string;
  /** Defaults to now. */
  sentAt?: Date;
}

export interface ImpersonationReport {
  reportId: string;
  sentAt: Date;
  subject: string;
  text: string;
  html: string;
  /** The same content as form fields, for platforms that take reports only through a form. */
  fields: FormField[];
  to: string | null;
  formUrl: string | null;
  replyTo: string;
  blocks: NoticeBlock[];
}

const reportSchema = z.object({
  brand: brandSchema,
  platform: z.object({
    id: lineSchema(100),
    name: lineSchema(200),
    channel: channelSchema,
    policyName: lineSchema(300).optional(),
    policyUrl: urlSchema.optional(),
  }),
  creator: z.object({
    legalName: lineSchema(200),
    publicName: lineSchema(200),
    officialProfiles: z
      .array(urlSchema)
      .min(1, "name at least one of the creator's real accounts")
      .max(50, 'list at most 50 accounts'),
  }),
  impersonator: z.object({
    url: urlSchema,
    username: lineSchema(200),
    displayName: lineSchema(300).nullable(),
    evidence: z
      .array(blockSchema(2000))
      .min(1, 'give at least one piece of evidence that the account impersonates the creator')
      .max(50, 'list at most 50 pieces of evidence'),
  }),
  authorisation: authorisationSchema,
  reportId: lineSchema(200).optional(),
  sentAt: dateSchema.optional(),
});

/** Throws NoticeInputError when the input is incomplete or malformed. */
export function composeImpersonationReport(
  rawInput: ImpersonationReportInput,
): ImpersonationReport {
  const input = parseOrThrow<ImpersonationReportInput>(reportSchema, rawInput);
  const { brand, platform, creator, impersonator } = input;
  const sentAt = input.sentAt ?? new Date();
  const handle = impersonator.username.replace(/^@+/, '');
  const reportId = input.reportId ?? `${platform.id}-${handle}`;
  const policyName = platform.policyName ?? `${platform.name}'s policy against impersonation`;
  const templates = resolveTemplates(brand);
  const values: Record<string, string> = {
    brandName: brand.productName,
    agentName: brand.agentName,
    agentEmail: brand.agentEmail,
    websiteUrl: brand.websiteUrl,
    creatorLegalName: creator.legalName,
    creatorPublicName: creator.publicName,
    platformName: platform.name,
    policyName,
    impersonatorUrl: impersonator.url,
    impersonatorUsername: `@${handle}`,
    reportId,
    sentDate: formatDate(sentAt),
  };
  const fill = (key: keyof NoticeTemplates) => multiLine(fillTemplate(templates[key], values));

  const official = creator.officialProfiles.map((url) => `- ${url}`).join('\n');
  const accountLines = [
    `Address: ${impersonator.url}`,
    `Username: @${handle}`,
    `Display name: ${impersonator.displayName ?? '(none shown)'}`,
  ].join('\n');
  const evidence = impersonator.evidence
    .map((line, index) => `${index + 1}. ${line.split('\n').join('\n   ')}`)
    .join('\n');
  const authority =
    `${brand.productName} makes this report as the authorised representative of ${creator.legalName}, under a ` +
    `written authorisation signed on ${formatDate(input.authorisation.signedAt)} (signature on file: ` +
    `${input.authorisation.signature}). The information in this report is accurate to the best of our knowledge.`;
  const signature = signatureLine(brand.agentName, brand.productName, creator.legalName);
  const channelRow =
    platform.channel.kind === 'email'
      ? { label: 'E-mail', value: platform.channel.address }
      : { label: 'Web form', value: platform.channel.url };
  const policy =
    platform.policyUrl === undefined ? policyName : `${policyName} (${platform.policyUrl})`;

  const blocks: NoticeBlock[] = [
    { kind: 'heading', text: 'Report of an impersonating account' },
    {
      kind: 'fields',
      rows: [
        { label: 'To', value: platform.name },
        channelRow,
        {
          label: 'From',
          value: `${brand.productName}, authorised representative of ${creator.legalName}`,
        },
        { label: 'Reference', value: reportId },
        { label: 'Date', value: formatDate(sentAt) },
        { label: 'Policy', value: policy },
      ],
    },
    { kind: 'paragraph', text: fill('impersonationIntro') },
    { kind: 'section', heading: 'The impersonating account', text: accountLines },
    {
      kind: 'section',
      heading: 'The real person and their official accounts',
      text: `${creator.legalName}, who publishes as "${creator.publicName}". Their official accounts are:\n${official}`,
    },
    { kind: 'section', heading: `Why this account is not ${creator.publicName}`, text: evidence },
    { kind: 'section', heading: 'Authority', text: authority },
    { kind: 'section', heading: 'Contact', text: contactLines(brand).join('\n') },
    { kind: 'paragraph', text: fill('impersonationClosing') },
    { kind: 'paragraph', text: fill('signOff') },
    { kind: 'paragraph', text: `${signature}\nDate: ${formatDate(sentAt)}` },
  ];
  const subject = oneLine(
    `Impersonation report ${reportId}: @${handle} on ${platform.name} impersonates ${creator.publicName}`,
  );

  const fields: FormField[] = [
    { key: 'fullName', label: 'Your full name', value: brand.agentName },
    { key: 'email', label: 'E-mail address', value: brand.agentEmail },
    { key: 'company', label: 'Company / organisation', value: brand.productName },
    {
      key: 'relationship',
      label: 'Who is being impersonated',
      value: `Someone I represent: ${creator.legalName} ("${creator.publicName}"), as their authorised representative`,
    },
    {
      key: 'impersonatedName',
      label: 'Full name of the person being impersonated',
      value: creator.legalName,
    },
    {
      key: 'officialAccounts',
      label: 'Official accounts of the person (one per line)',
      value: creator.officialProfiles.join('\n'),
    },
    {
      key: 'impersonatingUrl',
      label: 'Link to the impersonating account',
      value: impersonator.url,
    },
    {
      key: 'impersonatingUsername',
      label: 'Username of the impersonating account',
      value: `@${handle}`,
    },
    {
      key: 'description',
      label: 'Why you are reporting this account',
      value: `Breaches ${policy}.\n${evidence}`,
    },
    { key: 'authority', label: 'Your authority to report', value: authority },
    { key: 'signature', label: 'Signature', value: signature },
    { key: 'date', label: 'Date', value: formatDate(sentAt) },
    { key: 'reference', label: 'Reference', value: reportId },
  ];
  if (impersonator.displayName !== null) {
    fields.splice(8, 0, {
      key: 'impersonatingDisplayName',
      label: 'Name shown on the impersonating account',
      value: impersonator.displayName,
    });
  }

  return {
    reportId,
    sentAt,
    subject,
    text: renderText(blocks),
    html: renderHtml(blocks, {
      title: subject,
      brandName: brand.productName,
      logoUrl: brand.logoUrl,
    }),
    fields,
    to: platform.channel.kind === 'email' ? platform.channel.address : null,
    formUrl: platform.channel.kind === 'form' ? platform.channel.url : null,
    replyTo: brand.agentEmail,
    blocks,
  };
}
