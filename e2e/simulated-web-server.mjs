// The e2e server: starts the simulated web (packages/simulated-web: catalog sites and a stand-in Brave
// API on loopback, ephemeral ports, and onion sites behind a SOCKS stand-in), then Shark in this same process pointed at it, so scans in the
// specs never reach the real web. What the specs need to know about it (the seeded creator and what a
// scan must find, who takes each site's notices, and where a spec makes a site remove a page) is written
// to DATA_DIR/simulated-web.json. Billing is online against the Stripe stand-in
// (apps/server/src/features/billing/testing/stripe-stand-in.ts): its hosted Checkout page pays and
// returns the browser, and its control API (the `stripe.controlOrigin` of that file) ends periods.
// Plain JavaScript run through tsx, so the e2e typecheck does not take in the server and engine
// sources it loads.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startSimulatedWeb } from '@shark/simulated-web/index.ts';
import { startStripeStandIn } from '../apps/server/src/features/billing/testing/stripe-stand-in.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is not set; playwright.config.ts starts this file');

// With its dark web: onion sites behind a SOCKS stand-in (Tor's place), which Premium scans search.
const web = await startSimulatedWeb({ darkWeb: true });
const { SHARK_FETCH_ALLOWLIST: simulatedHosts, ...env } = web.env();
Object.assign(process.env, env);
// The specs' own stand-ins (playwright.config.ts) stay reachable beside the simulated sites.
process.env.SHARK_FETCH_ALLOWLIST = [process.env.SHARK_FETCH_ALLOWLIST, simulatedHosts]
  .filter(Boolean)
  .join(',');

const stripe = await startStripeStandIn();
stripe.webhookUrl = `${process.env.PUBLIC_URL}/api/billing/webhook`;
process.env.STRIPE_SECRET_KEY = stripe.secretKey;
process.env.STRIPE_WEBHOOK_SECRET = stripe.webhookSecret;
process.env.STRIPE_API_URL = stripe.url;

writeFileSync(
  join(dataDir, 'simulated-web.json'),
  JSON.stringify(
    {
      creator: web.creator,
      expected: web.expected,
      sites: web.sites,
      hosting: web.hosting,
      // The onion copies a Premium scan finds through the SOCKS stand-in, and the one on the drop's
      // clearnet mirror.
      darkWeb: {
        leaks: web.onion.expectedLeaks,
        mirrorLeaks: web.onion.expectedMirrorLeaks,
        mirrorOf: new URL(web.onion.drop.origin).hostname,
      },
      // Where a spec makes a site take a page down (POST /pages/remove): see the package's README.
      controlOrigin: web.controlOrigin,
      // Where a spec ends a subscription's period (POST /__control/end-period { email }) or delivers
      // pending webhooks (POST /__control/flush): see the stand-in's header.
      stripe: { controlOrigin: stripe.url },
    },
    null,
    2,
  ),
);
// The simulated web's temporary directory (catalog, reference photos) goes with the server.
process.on('exit', () => rmSync(web.directory, { recursive: true, force: true }));

// Seeding commands on the admin socket for records the simulated web does not make (likeness findings).
process.env.SHARK_E2E_COMMANDS = '1';

// The server as `npm start` runs it: compiled (scripts/build-server.mjs), its fingerprint threads too.
const { buildServerBundles } = await import('../scripts/build-server.mjs');
const { main } = await buildServerBundles(
  { main: fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url)) },
  fileURLToPath(new URL(`../apps/server/dist-e2e-${process.env.PORT}/`, import.meta.url)),
);
await import(pathToFileURL(main).href);
