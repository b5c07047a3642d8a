import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-strength.ts';

describe('passwordProblem', () => {
  it('refuses the most common passwords', () => {
    for (const password of [
      'password',
      '12345678',
      'qwerty123',
      'iloveyou',
      'Password1!',
      'drowssap',
    ]) {
      expect(passwordProblem(password), password).toMatch(/common passwords/);
    }
  });

  it('refuses one repeated character, sequences and keyboard rows', () => {
    expect(passwordProblem('aaaaaaaa')).toMatch(/repeats one character/);
    expect(passwordProblem('abcabcabcabc')).toMatch(/repeats/);
    expect(passwordProblem('abcdefghij')).toMatch(/sequence/);
    expect(passwordProblem('zyxwvuts')).toMatch(/sequence/);
    expect(passwordProblem('asdfghjkl;')).toMatch(/row of keys|keyboard|common/);
  });

  it("refuses the user's own e-mail address or name", () => {
    const about = { email: 'marguerite.duval@example.com', name: 'Marguerite Duval' };
    expect(passwordProblem('marguerite.duval@example.com', about)).toMatch(
      /e-mail address or name/,
    );
    expect(passwordProblem('MargueriteDuval', about)).toMatch(/e-mail address or name/);
    expect(passwordProblem('MargueriteDuval', {})).toBeNull();
  });

  it('accepts passwords that take many guesses', () => {
    for (const password of [
      'correct horse battery staple',
      'test password 123',
      'Tr0ub4dour&3',
      'long enough 1',
    ]) {
      expect(passwordProblem(password), password).toBeNull();
    }
  });
});
