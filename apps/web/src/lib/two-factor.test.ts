import { backupCodeSchema, totpCodeSchema } from '@shark/contracts/auth.ts';
import { describe, expect, it } from 'vitest';
import { signInCodeErrorMessage } from '#app/features/auth/lib/sign-in-code-errors.ts';
import { ApiClientError } from '#app/lib/api.ts';
import { groupedSecret, secretOfTotpUri } from '#app/lib/two-factor.ts';

describe('the two-factor secret', () => {
  it('is read from the otpauth URI and grouped by four for typing', () => {
    const uri = 'otpauth://totp/Shark:sam%40example.com?secret=JBSWY3DPEHPK3PXPAB&issuer=Shark';
    expect(secretOfTotpUri(uri)).toBe('JBSWY3DPEHPK3PXPAB');
    expect(groupedSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(secretOfTotpUri('not a uri')).toBeUndefined();
  });
});

describe('the codes', () => {
  it('accepts six digits, spaces allowed, for the app', () => {
    expect(totpCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(totpCodeSchema.safeParse({ code: '12345' }).success).toBe(false);
    expect(totpCodeSchema.safeParse({ code: 'abcdef' }).success).toBe(false);
  });

  it('accepts a backup code as typed, trimmed', () => {
    expect(backupCodeSchema.parse({ code: ' abcde-fghij ' })).toEqual({ code: 'abcde-fghij' });
    expect(backupCodeSchema.safeParse({ code: ' ' }).success).toBe(false);
  });

  it('says plainly why a code was refused', () => {
    const refusal = (status: number, code: string) =>
      new ApiClientError({ status, code, message: 'from the server' });
    expect(signInCodeErrorMessage(refusal(401, 'INVALID_CODE'))).toMatch(/not right/);
    expect(signInCodeErrorMessage(refusal(401, 'INVALID_BACKUP_CODE'))).toMatch(/not right/);
    expect(signInCodeErrorMessage(refusal(401, 'INVALID_TWO_FACTOR_COOKIE'))).toMatch(/expired/);
    expect(signInCodeErrorMessage(refusal(429, 'RATE_LIMITED'))).toBe('from the server');
    expect(signInCodeErrorMessage(new Error('boom'))).toMatch(/unexpected/);
  });
});
