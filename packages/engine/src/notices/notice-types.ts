// What the notice composers take and give: the takedown data a notice is made from, the brand that
// signs it, and the composed document (subject, text, HTML and the statutory elements it contains).

/** The wording a brand may change. The six statutory elements are fixed: no template can drop one. */
export interface NoticeTemplates {
  /** Placeholders: see `NOTICE_PLACEHOLDERS`. */
  subject: string;
  /** Opens the notice, before the escalation paragraph and the elements. */
  intro: string;
  /** After the elements: what we ask the recipient to do and how to answer. */
  closing: string;
  /** The line before the signature ("Sincerely,"). */
  signOff: string;
  /** The paragraph an escalated notice adds, per kind of recipient. */
  escalationToSite: string;
  escalationToHost: string;
  escalationToCdn: string;
  escalationToRegistrar: string;
  /** Opens an impersonation report. */
  impersonationIntro: string;
  /** Closes an impersonation report. */
  impersonationClosing: string;
}

export interface NoticeBrand {
  id: string;
  /** The brand's name, as the notice signs ("on behalf of Shark"). */
  productName: string;
  /** The person who signs notices for the brand. */
  agentName: string;
  /** Where recipients answer: the complaining party's e-mail in every notice. */
  agentEmail: string;
  /** The complaining party's postal address (the brand's), one line or several. */
  agentPostalAddress: string;
  websiteUrl: string;
  templates?: Partial<NoticeTemplates>;
  /** Absolute http(s) URL of the logo shown at the top of the HTML notice. */
  logoUrl?: string;
  /** Printed with the contact details when set; web forms that ask for a phone number get it. */
  agentPhone?: string;
  /** For web forms that ask the submitter's country (e.g. "United States"). */
  agentCountry?: string;
}

export type NoticeRecipientRole = 'site' | 'cdn' | 'host' | 'registrar';

export type NoticeChannel = { kind: 'email'; address: string } | { kind: 'form'; url: string };

export type ContentType = 'photo' | 'video' | 'set';

export interface NoticeWork {
  title: string;
  /** The creator's reference file this item matched (its file name). */
  referenceName: string | null;
  publishedAt: Date | null;
  /** Where the original is published or sold. */
  originalUrl: string | null;
  /** The creator's collection the work belongs to. */
  collection?: string | null;
  description?: string | null;
  type?: ContentType | null;
  /** When the matched reference file was uploaded to the brand. */
  referenceUploadedAt?: Date | null;
}

export interface NoticeItem {
  pageUrl: string;
  mediaUrl: string | null;
  kind: 'leak' | 'impersonation';
  work: NoticeWork;
  foundAt: Date;
}

export interface NoticeInput {
  brand: NoticeBrand;
  recipient: { role: NoticeRecipientRole; name: string; channel: NoticeChannel };
  /** No address on purpose: the creator's address never goes into a notice. */
  creator: { legalName: string; publicName: string; profileUrls: string[] };
  /** The creator's authorisation of the brand as agent, cited by date. */
  authorisation: { signedAt: Date; signature: string };
  items: NoticeItem[];
  noticeId: string;
  sentAt: Date;
  /** Wording for a notice escalated to the host, registrar or CDN after the first recipient did not act. */
  escalation?: { previousRecipient: string; firstNoticeAt: Date };
}

/** The §512(c)(3)(A) elements, (i) to (vi). */
export const NOTICE_ELEMENT_IDS = [
  'signature',
  'works',
  'material',
  'contact',
  'good-faith',
  'accuracy-authority',
] as const;
export type NoticeElementId = (typeof NOTICE_ELEMENT_IDS)[number];

/**
 * The elements of a removal request under the TAKE IT DOWN Act (§ 3(a)(1)(B)), the platform's duty to
 * remove within 48 hours (§ 3(a)(3)), and those of a notice under Article 16(2) of the EU Digital
 * Services Act. A forgery or an intimate depiction is not a copyright case: these notices say so.
 */
export const TAKE_IT_DOWN_ELEMENT_IDS = [
  'signature',
  'depiction',
  'good-faith',
  'contact',
  'removal-deadline',
] as const;
export const DSA_ELEMENT_IDS = [
  'signature',
  'explanation',
  'location',
  'submitter',
  'bona-fide',
] as const;
export type DepictionElementId =
  (typeof TAKE_IT_DOWN_ELEMENT_IDS)[number] | (typeof DSA_ELEMENT_IDS)[number];

/** The document model every rendering (text, HTML, PDF) is made from, so they cannot disagree. */
export type NoticeBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'fields'; rows: { label: string; value: string }[] }
  | { kind: 'section'; heading: string; text: string }
  | {
      kind: 'element';
      element: NoticeElementId | DepictionElementId;
      heading: string | null;
      text: string;
    };

/** One distinct work a notice names, numbered W1, W2, … in the order items first cite it. */
export interface NoticeWorkRow {
  ref: string;
  title: string;
  referenceName: string | null;
  originalUrl: string | null;
}

/** One infringing item as the PDF's table lists it. */
export interface NoticeItemRow {
  number: number;
  pageUrl: string;
  mediaUrl: string | null;
  kind: 'leak' | 'impersonation';
  workRef: string;
  workTitle: string;
  referenceName: string | null;
  foundAt: Date;
}

export interface ComposedNotice {
  noticeId: string;
  sentAt: Date;
  subject: string;
  text: string;
  html: string;
  /** Each element's exact text: it appears verbatim in `text`, and HTML-escaped in `html`. */
  elements: Record<NoticeElementId, string>;
  recipient: { role: NoticeRecipientRole; name: string; channel: NoticeChannel };
  /** The address to send to, or null when the recipient takes only a web form. */
  to: string | null;
  /** Answers go to the agent (the brand), never to the creator. */
  replyTo: string;
  blocks: NoticeBlock[];
  works: NoticeWorkRow[];
  items: NoticeItemRow[];
  isEscalation: boolean;
}
