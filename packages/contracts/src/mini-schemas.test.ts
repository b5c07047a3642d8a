import { describe, expect, it } from 'vitest';
import * as mini from './auth-mini.ts';
import * as auth from './auth.ts';
import { pageNumberSearchSchema } from './community-values.ts';
import { pageNumberSchema } from './community.ts';
import { creatorSearchTextSchema } from './staff-creators-values.ts';
import { creatorSearchQuerySchema } from './staff-creators.ts';
import { reportDateSearchSchema } from './takedown-report-values.ts';
import { reportDateSchema } from './takedown-report.ts';

type Parser = { safeParse(value: unknown): { success: boolean; data?: unknown; error?: unknown } };

/** The outcome as a page sees it: the data, or the first message of each failing path. */
function outcome(schema: Parser, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data };
  const { issues } = result.error as { issues: { path: PropertyKey[]; message: string }[] };
  return { messages: issues.map((issue) => [issue.path.join('.'), issue.message]) };
}

function expectSame(classic: Parser, built: Parser, samples: unknown[]) {
  for (const sample of samples) expect(outcome(built, sample)).toEqual(outcome(classic, sample));
}

describe('the zod/mini schemas of the first render', () => {
  it('read the sign-in form as the classic contract does', () => {
    expectSame(auth.signInFormSchema, mini.signInFormSchema, [
      { email: '  Ada@Example.COM ', password: 'x' },
      { email: '', password: '' },
      { email: 'not-an-address', password: 'secret' },
      { email: `${'a'.repeat(250)}@example.com`, password: 'secret' },
      {},
    ]);
  });

  it('accept the same redirect targets', () => {
    const targets = [
      '/dashboard',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://x',
      '',
    ];
    for (const customRedirect of targets) {
      expectSame(auth.signInSearchSchema, mini.signInSearchSchema, [{ customRedirect }]);
      expectSame(auth.signUpSearchSchema, mini.signUpSearchSchema, [
        { customRedirect, rFromSearch: 'r', customOfferId: 'o', isAffiliateOnly: true },
      ]);
    }
  });

  it('read two-factor codes as the classic contract does', () => {
    expectSame(auth.totpCodeSchema, mini.totpCodeSchema, [
      { code: '123 456' },
      { code: '12345' },
      { code: 'abcdef' },
    ]);
    expectSame(auth.backupCodeSchema, mini.backupCodeSchema, [
      { code: ' abc-123 ' },
      { code: '  ' },
      { code: 'x'.repeat(65) },
    ]);
  });

  it('read search values as the API schemas do', () => {
    expectSame(pageNumberSchema, pageNumberSearchSchema, ['3', 3, 0, 1001, 1.5, 'x']);
    expectSame(reportDateSchema, reportDateSearchSchema, [
      '2026-02-28',
      '2026-02-30',
      '28/02/2026',
    ]);
    expectSame(creatorSearchQuerySchema.shape.q, creatorSearchTextSchema, [
      ' ada ',
      'a',
      'x'.repeat(2001),
      7,
    ]);
  });
});
