import { describe, expect, it } from 'vitest';
import {
  composeImpersonationReport,
  type ImpersonationReportInput,
} from './impersonation-report.ts';
import { escapeHtml } from './notice-text.ts';
import { NoticeInputError } from './parse-input.ts';
import { authorisation, brand, creatorRecord, privateDetails } from './test-fixtures.ts';

function reportInput(overrides: Partial<ImpersonationReportInput> = {}): ImpersonationReportInput {
  return {
    brand,
    platform: {
      id: 'instagram',
      name: 'Instagram',
      channel: { kind: 'form', url: 'https://help.instagram.example/impersonation' },
      policyName: "Instagram's Community Guidelines on impersonation",
      policyUrl: 'https://help.instagram.example/guidelines',
    },
    // The whole creator record, private details included: none may reach the report.
    creator: {
      ...creatorRecord,
      officialProfiles: ['https://instagram.com/janedoe', 'https://onlyfans.com/janedoe'],
    },
    impersonator: {
      url: 'https://instagram.com/janedoe.official_',
      username: '@janedoe.official_',
      displayName: 'Jane Doe <3',
      evidence: [
        "Uses 9 of Jane's photographs, matched to her reference files (beach-1.jpg, beach-2.jpg).",
        'Bio links to a scam page: https://scam.example/janedoe',
        'Bio says "official backup account"; Jane has no backup account.',
      ],
    },
    authorisation,
    reportId: 'R-77',
    sentAt: new Date('2025-03-06T08:00:00Z'),
    ...overrides,
  };
}

describe('composeImpersonationReport', () => {
  it('claims impersonation under the platform policy, names the real accounts and lists the evidence', () => {
    const report = composeImpersonationReport(reportInput());
    expect(report.subject).toBe(
      'Impersonation report R-77: @janedoe.official_ on Instagram impersonates janedoe',
    );
    expect(report.text).toContain("breaches Instagram's Community Guidelines on impersonation");
    expect(report.text).toContain('https://help.instagram.example/guidelines');
    expect(report.text).toContain(
      '- https://instagram.com/janedoe\n- https://onlyfans.com/janedoe',
    );
    expect(report.text).toContain('Address: https://instagram.com/janedoe.official_');
    expect(report.text).toContain('Username: @janedoe.official_');
    expect(report.text).toContain('Display name: Jane Doe <3');
    expect(report.text).toContain('1. Uses 9 of Jane');
    expect(report.text).toContain('3. Bio says "official backup account"');
    expect(report.text).toContain(
      '/s/ Alex Agent, on behalf of Shark, authorised agent of Jane Quinn Doe',
    );
    expect(report.text).toContain('written authorisation signed on 2025-01-02');
    expect(report.text).toContain('dmca@shark.example');
    // Not a DMCA notice.
    expect(report.text).not.toMatch(/DMCA|512\(c\)|penalty of perjury/);
    expect(report.html).toContain(escapeHtml('Display name: Jane Doe <3'));
    expect(report.html).not.toContain('Jane Doe <3');
    expect(report.formUrl).toBe('https://help.instagram.example/impersonation');
    expect(report.to).toBeNull();

    const value = (key: string) => report.fields.find((field) => field.key === key)?.value;
    expect(value('impersonatingUrl')).toBe('https://instagram.com/janedoe.official_');
    expect(value('impersonatingUsername')).toBe('@janedoe.official_');
    expect(value('impersonatingDisplayName')).toBe('Jane Doe <3');
    expect(value('officialAccounts')).toBe(
      'https://instagram.com/janedoe\nhttps://onlyfans.com/janedoe',
    );
    expect(value('impersonatedName')).toBe('Jane Quinn Doe');
    expect(value('description')).toContain('Bio links to a scam page');
    expect(value('email')).toBe('dmca@shark.example');
    expect(value('date')).toBe('2025-03-06');

    const all = JSON.stringify(report);
    for (const detail of privateDetails) expect(all).not.toContain(detail);
  });

  it('falls back to a generic policy name and a reference from the platform and username', () => {
    const input = reportInput({ reportId: undefined });
    input.platform = {
      id: 'tiktok',
      name: 'TikTok',
      channel: { kind: 'email', address: 'reports@tiktok.example' },
    };
    const report = composeImpersonationReport(input);
    expect(report.text).toContain("breaches TikTok's policy against impersonation");
    expect(report.reportId).toBe('tiktok-janedoe.official_');
    expect(report.to).toBe('reports@tiktok.example');
  });

  it('uses the brand wording for its opening and closing', () => {
    const report = composeImpersonationReport(
      reportInput({
        brand: {
          ...brand,
          templates: {
            impersonationIntro:
              'Hi {platformName}, {impersonatorUsername} is not {creatorPublicName}.',
          },
        },
      }),
    );
    expect(report.text).toContain('Hi Instagram, @janedoe.official_ is not janedoe.');
  });

  it('refuses a report with no evidence or no official account', () => {
    const input = reportInput();
    input.impersonator = { ...input.impersonator, evidence: [] };
    input.creator = { ...input.creator, officialProfiles: [] };
    let caught: unknown;
    try {
      composeImpersonationReport(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(NoticeInputError);
    expect((caught as NoticeInputError).problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^creator\.officialProfiles: name at least one/),
        expect.stringMatching(/^impersonator\.evidence: give at least one/),
      ]),
    );
  });
});
