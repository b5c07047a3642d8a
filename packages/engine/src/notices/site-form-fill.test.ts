import { describe, expect, it } from 'vitest';
import type { SiteFormField } from '../recipients/site-contact-form.ts';
import { CONSENT_VALUE, fillSiteForm } from './site-form-fill.ts';
import type { NoticeBrand } from './notice-types.ts';

const brand: NoticeBrand = {
  id: 'shark',
  productName: 'Shark',
  agentName: 'Alex Agent',
  agentEmail: 'dmca@shark.example',
  agentPostalAddress: '1 Agent Way, Springfield',
  websiteUrl: 'https://shark.example',
};

const field = (name: string, role: SiteFormField['role'], extra: Partial<SiteFormField> = {}) => ({
  name,
  label: name,
  type: 'text',
  required: false,
  role,
  ...extra,
});

describe('fillSiteForm', () => {
  it("fills each field of the site's form from the notice and the agent, in the form's order", () => {
    const filled = fillSiteForm(
      [
        field('token', 'hidden', { type: 'hidden', value: 'abc' }),
        field('who', 'name'),
        field('mail', 'email', { required: true }),
        field('tel', 'phone'),
        field('urls', 'infringing-url'),
        field('orig', 'original-url'),
        field('text', 'description', { type: 'textarea' }),
        field('sure', 'consent-checkbox', { type: 'checkbox' }),
        field('color', 'other'),
      ],
      {
        subject: 'DMCA notice',
        text: 'The whole notice',
        prepared: [
          { key: 'infringingUrls', label: 'URLs', value: 'https://leak.example/1' },
          { key: 'originalUrls', label: 'Originals', value: 'https://onlyfans.com/luna' },
        ],
        pageUrls: ['https://leak.example/1'],
      },
      brand,
    );
    expect(filled.map((f) => [f.name, f.value])).toEqual([
      ['token', 'abc'],
      ['who', 'Alex Agent'],
      ['mail', 'dmca@shark.example'],
      ['tel', ''],
      ['urls', 'https://leak.example/1'],
      ['orig', 'https://onlyfans.com/luna'],
      ['text', 'The whole notice'],
      ['sure', CONSENT_VALUE],
      ['color', ''],
    ]);
    expect(filled[2]).toMatchObject({ required: true, role: 'email', type: 'text' });
  });

  it('falls back to the page URLs when no prepared value lists them', () => {
    const [urls] = fillSiteForm(
      [field('u', 'infringing-url')],
      {
        subject: 's',
        text: 't',
        prepared: [],
        pageUrls: ['https://a.example/1', 'https://a.example/2'],
      },
      brand,
    );
    expect(urls?.value).toBe('https://a.example/1\nhttps://a.example/2');
  });
});
