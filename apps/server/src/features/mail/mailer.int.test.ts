// With SMTP_URL set, mail goes to a real SMTP server (smtp-server on loopback), not to files.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';

interface Delivered {
  from: string;
  to: string[];
  raw: string;
}
const delivered: Delivered[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        delivered.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('sends the verification mail through the SMTP server, in text and HTML, from the brand', async () => {
    const res = await new TestClient(server.url).post('/api/auth/sign-up/email', {
      name: 'Smtp',
      email: 'smtp@example.com',
      password: 'smtp password 1',
    });
    expect(res.status).toBe(200);
    const mail = delivered.find((d) => d.to.includes('smtp@example.com'));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@shark.example');
    const parsed = await PostalMime.parse(mail!.raw);
    expect(parsed.subject).toBe('Verify your e-mail address for Shark');
    expect(parsed.text).toContain(`${server.url}/email-settings/verification/`);
    expect(parsed.html).toContain('Verify e-mail address');
    expect(existsSync(server.config.mailDir)).toBe(false);
  });
});
