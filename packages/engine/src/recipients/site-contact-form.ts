// A site's own report form read from its HTML: where it posts, and each field with its label and a
// guess at what it asks for, so an operator (or a later submitter) knows what to paste where.
import type { CheerioAPI } from 'cheerio';

export const FORM_FIELD_ROLES = [
  'infringing-url',
  'original-url',
  'description',
  'name',
  'email',
  'phone',
  'company',
  'address',
  'signature',
  'subject',
  'consent-checkbox',
  'hidden',
  'other',
] as const;
export type FormFieldRole = (typeof FORM_FIELD_ROLES)[number];

export interface SiteFormField {
  name: string;
  /** The field's label as the page shows it (label, aria-label or placeholder); '' when none. */
  label: string;
  /** The input's type ('text', 'url', 'email', 'checkbox', 'hidden'…), 'textarea' or 'select'. */
  type: string;
  required: boolean;
  /** A hidden field's own value (a CSRF token, a form id), sent as the page gave it. */
  value?: string;
  role: FormFieldRole;
}

export interface SiteForm {
  /** Where the form posts, resolved against the page. */
  url: string;
  method: 'GET' | 'POST';
  fields: SiteFormField[];
}

const IGNORED_INPUTS = new Set(['submit', 'button', 'image', 'reset', 'file']);
const URL_WORDS = /\b(urls?|links?|locations?|web ?pages?|uris?)\b|https?:\/\//;
const ORIGINAL_WORDS = /\b(original|your (own )?work|copyrighted work|source|authori[sz]ed)\b/;
const CONSENT_WORDS =
  /\b(agree|consent|accept|confirm|swear|perjury|good faith|acknowledge|certify|affirm)\b/;

/** What a field asks for, from its type, name, label and placeholder. */
export function guessFieldRole(field: {
  type: string;
  name: string;
  label: string;
  placeholder?: string;
}): FormFieldRole {
  const type = field.type.toLowerCase();
  if (type === 'hidden') return 'hidden';
  // Names in code style ("infringing_url", "firstName") read as words.
  const words = `${field.name} ${field.label} ${field.placeholder ?? ''}`
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-[\].]+/g, ' ')
    .toLowerCase();
  if (type === 'checkbox') return CONSENT_WORDS.test(words) ? 'consent-checkbox' : 'other';
  if (type === 'email' || /\be ?mail\b/.test(words)) return 'email';
  if (type === 'tel' || /\b(phone|telephone|tel|mobile)\b/.test(words)) return 'phone';
  if (/\bsignature\b|\bsign (here|your)\b/.test(words)) return 'signature';
  const isUrlish = type === 'url' || URL_WORDS.test(words);
  if (isUrlish && ORIGINAL_WORDS.test(words)) return 'original-url';
  if (isUrlish || /\b(infring\w*|offending|violat\w*)\b/.test(words)) return 'infringing-url';
  if (/\b(subject|topic|title)\b/.test(words)) return 'subject';
  if (/\b(company|organi[sz]ation|business|employer|agency)\b/.test(words)) return 'company';
  if (/\bname\b/.test(words)) return 'name';
  if (/\b(address|street|city|zip|postal|postcode|country|state)\b/.test(words)) return 'address';
  if (
    type === 'textarea' ||
    /\b(description|describe|details?|message|comments?|explain\w*|reason|work)\b/.test(words)
  )
    return 'description';
  return 'other';
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 300);

/**
 * The page's report forms: a form with a field for a URL and a textarea to describe the claim
 * (a search box or a newsletter sign-up is no channel).
 */
export function extractReportForms($: CheerioAPI, pageUrl: string): SiteForm[] {
  const forms: SiteForm[] = [];
  $('form').each((_, element) => {
    const form = $(element);
    let url: string;
    try {
      url = new URL(form.attr('action')?.trim() || pageUrl, pageUrl).href;
    } catch {
      return;
    }
    if (!/^https?:/.test(url)) return;
    const method = (form.attr('method') ?? 'get').trim().toUpperCase() === 'POST' ? 'POST' : 'GET';
    const fields: SiteFormField[] = [];
    const seen = new Set<string>();
    form.find('input, textarea, select').each((_, fieldElement) => {
      const field = $(fieldElement);
      const name = field.attr('name')?.trim() ?? '';
      const tag = fieldElement.tagName.toLowerCase();
      const type =
        tag === 'input' ? (field.attr('type') ?? 'text').trim().toLowerCase() || 'text' : tag;
      if (name === '' || IGNORED_INPUTS.has(type)) return;
      // Radio buttons and checkbox groups share a name: one field.
      if (seen.has(name)) return;
      seen.add(name);
      const id = field.attr('id');
      const labelled = id ? $(`label[for="${id.replace(/["\\]/g, '')}"]`).first() : null;
      const label = clean(
        (labelled && labelled.length > 0 ? labelled.text() : '') ||
          field.closest('label').text() ||
          field.attr('aria-label') ||
          field.attr('placeholder') ||
          '',
      );
      const required =
        field.attr('required') !== undefined || field.attr('aria-required') === 'true';
      const role = guessFieldRole({ type, name, label, placeholder: field.attr('placeholder') });
      fields.push({
        name,
        label,
        type,
        required,
        ...(type === 'hidden' ? { value: field.attr('value') ?? '' } : {}),
        role,
      });
    });
    const urlFields = fields.filter(
      (field) => field.role === 'infringing-url' || field.role === 'original-url',
    );
    const describes = fields.some(
      (field) => field.type === 'textarea' && (!urlFields.includes(field) || urlFields.length > 1),
    );
    if (urlFields.length > 0 && describes) forms.push({ url, method, fields });
  });
  return forms;
}
