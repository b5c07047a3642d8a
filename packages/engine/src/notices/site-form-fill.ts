// A site's own report form (its fields as read from its page) filled from a composed notice: each
// field with the value to paste, in the agent's name and with the agent's address — never the
// creator's own contact details.
import type { SiteFormField } from '../recipients/site-contact-form.ts';
import type { FormField } from './form-submission.ts';
import type { NoticeBrand } from './notice-types.ts';

export interface FilledSiteField {
  name: string;
  label: string;
  type: string;
  role: SiteFormField['role'];
  required: boolean;
  /** What to put in it; '' when the operator decides (a field nothing known fits). */
  value: string;
}

export interface SiteFormNotice {
  subject: string;
  /** The notice's whole text, for the field that describes the claim. */
  text: string;
  /** The prepared values of a typical form (keys as prepareFormSubmission writes them). */
  prepared: FormField[];
  /** The page URLs the notice names. */
  pageUrls: string[];
}

export const CONSENT_VALUE = 'tick (the notice states this under penalty of perjury)';

export function fillSiteForm(
  fields: SiteFormField[],
  notice: SiteFormNotice,
  brand: NoticeBrand,
): FilledSiteField[] {
  const prepared = (key: string) => notice.prepared.find((field) => field.key === key)?.value;
  const valueOf = (field: SiteFormField): string => {
    switch (field.role) {
      case 'infringing-url':
        return prepared('infringingUrls') ?? notice.pageUrls.join('\n');
      case 'original-url':
        return prepared('originalUrls') ?? '';
      case 'description':
        return notice.text;
      case 'name':
        return brand.agentName;
      case 'email':
        return brand.agentEmail;
      case 'phone':
        return brand.agentPhone ?? '';
      case 'company':
        return brand.productName;
      case 'address':
        return brand.agentPostalAddress;
      case 'signature':
        return prepared('signature') ?? brand.agentName;
      case 'subject':
        return notice.subject;
      case 'consent-checkbox':
        return CONSENT_VALUE;
      case 'hidden':
        return field.value ?? '';
      case 'other':
        return '';
    }
  };
  return fields.map((field) => ({
    name: field.name,
    label: field.label,
    type: field.type,
    role: field.role,
    required: field.required,
    value: valueOf(field),
  }));
}
