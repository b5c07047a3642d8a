// A test server with online billing: the Stripe stand-in, and the server's webhook registered with it.
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

export interface BillingTestServer {
  server: TestServer;
  stripe: StripeStandIn;
  close(): Promise<void>;
}

export async function startBillingTestServer(
  env: Record<string, string> = {},
): Promise<BillingTestServer> {
  const stripe = await startStripeStandIn();
  let server: TestServer;
  try {
    server = await startTestServer({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      ...env,
    });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  stripe.webhookUrl = `${server.url}/api/billing/webhook`;
  return {
    server,
    stripe,
    async close() {
      await server.close();
      await stripe.close();
    },
  };
}
