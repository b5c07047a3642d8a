// Test helper: a signed-in staff member made the way the operator and the person do it — an account,
// a role given from the command line, and TOTP two-factor turned on through the auth API.
import { expect } from 'vitest';
import type { StaffRole } from '@shark/contracts/staff.ts';
import { CLI_ACTOR } from '#server/features/staff/staff-audit.ts';
import type { TestServer } from './test-server.ts';
import { totpCode, totpSecretOf } from './totp.ts';
import { signedInUser } from './users.ts';

/** Turns two-factor on for the signed-in client; the TOTP secret. */
export async function enableTwoFactor(
  client: Awaited<ReturnType<typeof signedInUser>>['browser'],
  password: string,
): Promise<string> {
  const enabled = await client.post<{ totpURI: string }>('/api/auth/two-factor/enable', {
    password,
  });
  expect(enabled.status).toBe(200);
  const secret = totpSecretOf(enabled.body.totpURI);
  const verified = await client.post('/api/auth/two-factor/verify-totp', {
    code: totpCode(secret),
  });
  expect(verified.status).toBe(200);
  return secret;
}

export async function staffUser(
  server: TestServer,
  role: StaffRole = 'agent',
  options: { twoFactor?: boolean } = {},
) {
  const user = await signedInUser(server);
  await server.services.staff.grant(CLI_ACTOR, { email: user.email, role });
  const secret =
    options.twoFactor === false ? null : await enableTwoFactor(user.browser, user.password);
  return { ...user, secret };
}
