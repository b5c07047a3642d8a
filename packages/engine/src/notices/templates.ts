// The default wording of notices and reports, and a brand's overrides of it. Placeholders are
// `{name}`; each template accepts the names listed for it, and a brand template naming any other is
// refused, so a typo shows at start-up instead of as "{creatorNmae}" in a notice sent to a host.
import type { NoticeBrand, NoticeTemplates } from './notice-types.ts';
import { placeholdersOf } from './notice-text.ts';

const NOTICE_VALUES = [
  'brandName',
  'agentName',
  'agentEmail',
  'websiteUrl',
  'creatorLegalName',
  'creatorPublicName',
  'recipientName',
  'noticeId',
  'itemCount',
  'domains',
  'sentDate',
] as const;
const ESCALATION_VALUES = [...NOTICE_VALUES, 'previousRecipient', 'firstNoticeDate'] as const;
const REPORT_VALUES = [
  'brandName',
  'agentName',
  'agentEmail',
  'websiteUrl',
  'creatorLegalName',
  'creatorPublicName',
  'platformName',
  'policyName',
  'impersonatorUrl',
  'impersonatorUsername',
  'reportId',
  'sentDate',
] as const;

/** The placeholders each template may use. */
export const NOTICE_PLACEHOLDERS: Record<keyof NoticeTemplates, readonly string[]> = {
  subject: NOTICE_VALUES,
  intro: NOTICE_VALUES,
  closing: NOTICE_VALUES,
  signOff: NOTICE_VALUES,
  escalationToSite: ESCALATION_VALUES,
  escalationToHost: ESCALATION_VALUES,
  escalationToCdn: ESCALATION_VALUES,
  escalationToRegistrar: ESCALATION_VALUES,
  impersonationIntro: REPORT_VALUES,
  impersonationClosing: REPORT_VALUES,
};

export const DEFAULT_NOTICE_TEMPLATES: NoticeTemplates = {
  subject: 'DMCA notice {noticeId}: copyright infringement at {domains}',
  intro:
    'Dear {recipientName},\n\n' +
    '{brandName} is the authorised agent of {creatorLegalName}, who publishes as "{creatorPublicName}" and owns ' +
    'the copyright in the works identified below. This is a notification of claimed infringement under the ' +
    'Digital Millennium Copyright Act, 17 U.S.C. § 512(c)(3). The material listed below, at {domains}, copies ' +
    'those works without authorisation.',
  closing:
    'Please remove or disable access to the material listed above expeditiously, and confirm by replying to ' +
    "{agentEmail} with the reference {noticeId}. This notice does not waive any of the copyright owner's rights " +
    'or remedies.',
  signOff: 'Sincerely,',
  escalationToSite:
    'This is a follow-up notice. The material below was first reported to {previousRecipient} on ' +
    '{firstNoticeDate} and was still available on {sentDate}. Please act on it now.',
  escalationToHost:
    'This notice is escalated to you as the hosting provider of {domains}. The material below was first ' +
    'reported to {previousRecipient} on {firstNoticeDate} and was still available on {sentDate}. As the ' +
    'provider whose network serves it, please remove or disable access to it, or pass this notice to your ' +
    'customer and make sure it is acted upon.',
  escalationToCdn:
    'This notice is escalated to you as the content delivery network in front of {domains}. The material below ' +
    'was first reported to {previousRecipient} on {firstNoticeDate} and was still available on {sentDate}. ' +
    'Please forward this notice to the hosting provider of the origin server and to the site operator, remove ' +
    'or disable access to any copies your network caches, and tell us who hosts the origin so that we can ' +
    'notify them directly.',
  escalationToRegistrar:
    'This notice is escalated to you as the registrar of {domains}. The material below was first reported to ' +
    '{previousRecipient} on {firstNoticeDate} and was still available on {sentDate}. Please forward this notice ' +
    'to the registrant and take the action your abuse policy provides for a domain used for copyright ' +
    'infringement.',
  impersonationIntro:
    'Dear {platformName} team,\n\n' +
    '{brandName} is the authorised agent of {creatorLegalName}, who publishes as "{creatorPublicName}". The ' +
    'account below pretends to be {creatorPublicName}: it is not run by them or with their permission, and it ' +
    'breaches {policyName}.',
  impersonationClosing:
    'Please remove the impersonating account, and confirm by replying to {agentEmail} with the reference ' +
    '{reportId}.',
};

/** Every problem in a brand's templates, as `templates.<key>: …` lines; empty when they are usable. */
export function checkNoticeTemplates(templates: Partial<NoticeTemplates> | undefined): string[] {
  if (templates === undefined) return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(templates) as [string, unknown][]) {
    if (!(key in NOTICE_PLACEHOLDERS)) {
      problems.push(
        `templates.${key}: not a notice template (known: ${Object.keys(NOTICE_PLACEHOLDERS).join(', ')})`,
      );
      continue;
    }
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`templates.${key}: must be non-empty text`);
      continue;
    }
    const allowed = NOTICE_PLACEHOLDERS[key as keyof NoticeTemplates];
    const unknown = [...new Set(placeholdersOf(value).filter((name) => !allowed.includes(name)))];
    if (unknown.length > 0) {
      problems.push(
        `templates.${key}: unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')} (allowed: ${allowed
          .map((name) => `{${name}}`)
          .join(', ')})`,
      );
    }
  }
  return problems;
}

/** The brand's wording over the defaults; the brand has been checked with `checkNoticeTemplates`. */
export function resolveTemplates(brand: Pick<NoticeBrand, 'templates'>): NoticeTemplates {
  const overrides = Object.fromEntries(
    Object.entries(brand.templates ?? {}).filter(([, value]) => typeof value === 'string'),
  ) as Partial<NoticeTemplates>;
  return { ...DEFAULT_NOTICE_TEMPLATES, ...overrides };
}
