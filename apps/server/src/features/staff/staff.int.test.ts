// The staff gate over HTTP: creators and strangers see no staff API (404), staff see nothing before
// two-factor is on, agents cannot manage staff, admins can; every change lands in the audit log,
// which refuses to be rewritten.
import type { AuditList, StaffMe, StaffMember, StaffMemberList } from '@shark/contracts/staff.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#server/testing/http-client.ts';
import { staffUser } from '#server/testing/staff-users.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { totpCode } from '#server/testing/totp.ts';
import { signedInUser } from '#server/testing/users.ts';
import { CLI_ACTOR } from './staff-audit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the gate', () => {
  it('answers 404 to the signed-out and to creators, on every staff route', async () => {
    const creator = await signedInUser(server);
    for (const client of [new TestClient(server.url), creator.browser]) {
      for (const path of ['/api/staff/me', '/api/staff/members', '/api/staff/audit']) {
        const answer = await client.get(path);
        expect(answer.status, path).toBe(404);
      }
      expect(
        (await client.post('/api/staff/members', { email: 'a@b.co', role: 'admin' })).status,
      ).toBe(404);
    }
  });

  it('opens only /me to staff before two-factor is on', async () => {
    const agent = await staffUser(server, 'agent', { twoFactor: false });
    const me = await agent.browser.get<StaffMe>('/api/staff/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: agent.email, role: 'agent', twoFactorEnabled: false });
    const audit = await agent.browser.get<{ message: string }>('/api/staff/audit');
    expect(audit.status).toBe(403);
    expect(audit.body.message).toMatch(/two-factor/i);
  });

  it('asks for the code at the next sign-in once two-factor is on', async () => {
    const agent = await staffUser(server, 'agent');
    const fresh = new TestClient(server.url);
    const signIn = await fresh.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
      email: agent.email,
      password: agent.password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRedirect).toBe(true);
    expect((await fresh.get('/api/staff/me')).status).toBe(404);
    const verified = await fresh.post('/api/auth/two-factor/verify-totp', {
      code: totpCode(agent.secret!),
    });
    expect(verified.status).toBe(200);
    const me = await fresh.get<StaffMe>('/api/staff/me');
    expect(me.status).toBe(200);
    expect(me.body.twoFactorEnabled).toBe(true);
  });
});

describe('roles', () => {
  it('lets an admin give, change and take roles, and keeps the last admin', async () => {
    const admin = await staffUser(server, 'admin');
    const other = await signedInUser(server);
    const agent = await staffUser(server, 'agent');
    expect((await agent.browser.get('/api/staff/members')).status).toBe(403);
    expect(
      (await agent.browser.post('/api/staff/members', { email: other.email, role: 'admin' }))
        .status,
    ).toBe(403);

    const granted = await admin.browser.post<StaffMember>('/api/staff/members', {
      email: other.email.toUpperCase(),
      role: 'agent',
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      email: other.email,
      role: 'agent',
      twoFactorEnabled: false,
    });
    const list = await admin.browser.get<StaffMemberList>('/api/staff/members');
    expect(list.body.members.map((m) => m.email)).toContain(other.email);

    const unknown = await admin.browser.post<{ fields: Record<string, string> }>(
      '/api/staff/members',
      { email: 'nobody-here@example.com', role: 'agent' },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.fields.email).toMatch(/no account/i);
    const invalid = await admin.browser.post('/api/staff/members', { email: 'x', role: 'boss' });
    expect(invalid.status).toBe(400);

    const revoked = await admin.browser.post('/api/staff/members/revoke', { email: other.email });
    expect(revoked.body).toEqual({ revoked: true });
    expect((await other.browser.get('/api/staff/me')).status).toBe(404);

    const log = await admin.browser.get<AuditList>(
      `/api/staff/audit?targetId=${encodeURIComponent(granted.body.userId)}`,
    );
    expect(log.body.events.map((e) => e.action)).toEqual(['staff.revoke', 'staff.grant']);
    expect(log.body.events[1]).toMatchObject({
      actorEmail: admin.email,
      before: null,
      after: { role: 'agent', email: other.email },
    });
    expect(log.body.events[1]!.ipAddress).toBeTruthy();
  });

  it('refuses to demote or remove the last admin', async () => {
    const members = await server.services.staff.members();
    for (const m of members.members.filter((m) => m.role === 'admin'))
      await server.services.staff.revoke(CLI_ACTOR, { email: m.email }).catch(() => undefined);
    const remaining = (await server.services.staff.members()).members.filter(
      (m) => m.role === 'admin',
    );
    expect(remaining).toHaveLength(1);
    const last = remaining[0]!;
    await expect(server.services.staff.revoke(CLI_ACTOR, { email: last.email })).rejects.toThrow(
      /last admin/,
    );
    await expect(
      server.services.staff.grant(CLI_ACTOR, { email: last.email, role: 'agent' }),
    ).rejects.toThrow(/last admin/);
  });
});

describe('the audit log', () => {
  it('pages newest first and filters by actor and action', async () => {
    const admin = await staffUser(server, 'admin');
    for (let i = 0; i < 3; i++) {
      const target = await signedInUser(server);
      await admin.browser.post('/api/staff/members', { email: target.email, role: 'agent' });
    }
    const page = await admin.browser.get<AuditList>(
      `/api/staff/audit?actor=${encodeURIComponent(admin.email)}&action=staff.grant`,
    );
    expect(page.body.events).toHaveLength(3);
    expect(page.body.events.every((e) => e.actorEmail === admin.email)).toBe(true);
    const times = page.body.events.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const first = await server.services.staffAudit.list({ actor: admin.email }, 2);
    expect(first.events).toHaveLength(2);
    const second = await server.services.staffAudit.list(
      { actor: admin.email, cursor: first.nextCursor! },
      2,
    );
    expect(second.events).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const bad = await admin.browser.get('/api/staff/audit?cursor=nonsense');
    expect(bad.status).toBe(400);
  });

  it('cannot be changed or deleted in the database', async () => {
    const db = server.services.database.db;
    await expect(db.execute(sql`update staff_audit_event set action = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from staff_audit_event`)).rejects.toThrow();
  });
});
