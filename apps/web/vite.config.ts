/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import {
  brandHeadTags,
  escapeHtml,
  selectBrand,
  type PublicBrand,
} from './src/lib/brand-config.ts';

// The dev server forwards /api to the API server (`npm run dev -w @shark/server`) so cookies stay same-origin.
const apiTarget = 'http://localhost:3000';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The brands file the server reads too (BRANDS_FILE, relative to where npm was started, as for the
 * server; default config/brands.json at the repository root).
 */
function brandsFilePath(): string {
  const configured = process.env.BRANDS_FILE?.trim();
  if (!configured) return resolve(repoRoot, 'config/brands.json');
  return resolve(process.env.INIT_CWD ?? process.cwd(), configured);
}

/** Writes the brand's title, icon, theme colour and colour tokens into index.html. */
function brandHtml(brand: PublicBrand): Plugin {
  return {
    name: 'shark-brand-html',
    transformIndexHtml: (html) =>
      html
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.name)}</title>`)
        .replace(/<link rel="icon"[^>]*>/, '')
        .replace('</head>', `  ${brandHeadTags(brand)}\n  </head>`),
  };
}

/**
 * Names the analytics host the build sends to (lib/analytics.ts) in index.html, for the server's
 * Content-Security-Policy (connect-src); nothing when no analytics key is set.
 */
function connectSourcesMeta(env: Record<string, string>): Plugin {
  const isEnabled = Boolean(env.VITE_ANALYTICS_KEY?.trim() || env.VITE_ERROR_REPORTING_KEY?.trim());
  // lib/analytics.ts's DEFAULT_ANALYTICS_HOST (that module reads import.meta.env when loaded).
  const host = env.VITE_ANALYTICS_HOST?.trim() || 'https://us.i.posthog.com';
  return {
    name: 'shark-connect-sources',
    transformIndexHtml: (html) =>
      isEnabled
        ? html.replace(
            '</head>',
            `  <meta name="shark-connect-src" content="${escapeHtml(new URL(host).origin)}" />\n  </head>`,
          )
        : html,
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const file = brandsFilePath();
  const brand = selectBrand(readFileSync(file, 'utf8'), {
    mode,
    provider: env.VITE_SHARK_PROVIDER,
    file,
  });

  return {
    define: {
      // Read by lib/brand.ts: the app shows its brand without asking the server first.
      __SHARK_BRAND__: JSON.stringify(brand),
      // The provider header is the brand's id (lib/api.ts reads it).
      'import.meta.env.VITE_SHARK_PROVIDER': JSON.stringify(brand.id),
    },
    plugins: [
      // Must run before the React plugin so route files are split before JSX is transformed.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // Loaders split off too: they bring each page's fetchers and contracts, which the entry
        // (which holds every route's non-split options) does not need.
        codeSplittingOptions: {
          defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
        },
        routesDirectory: 'src/routes',
        generatedRouteTree: 'src/route-tree.gen.ts',
        quoteStyle: 'single',
        semicolons: true,
      }),
      react(),
      tailwindcss(),
      brandHtml(brand),
      connectSourcesMeta(env),
    ],
    server: {
      port: 5173,
      strictPort: true,
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
    preview: {
      port: 4173,
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      rollupOptions: {
        output: {
          // A chunk of shared zod contracts is named contracts-…: a contract such as plans.ts must not
          // take the name of the route chunk of the same name (/plans), which is protected app code.
          chunkFileNames: (chunk) =>
            chunk.moduleIds.length > 0 &&
            chunk.moduleIds.every((id) => id.includes('/packages/contracts/'))
              ? 'assets/contracts-[name]-[hash].js'
              : 'assets/[name]-[hash].js',
          codeSplitting: {
            groups: [
              // What the entry imports statically loads on every page: two chunks, not dozens.
              { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
              { name: 'app', tags: ['$initial'], priority: 1 },
              // The sign-in form and the small pieces the signed-out pages share (with their
              // dependencies): one chunk rather than a request for each field, icon and helper. The
              // other signed-out forms (sign-up, reset, e-mail verification), a two-factor sign-in's
              // second step and signing out stay with the code that uses them: the sign-in page, the
              // first most visitors see, does not load them.
              {
                name: 'auth',
                test: /[\\/]src[\\/](features[\\/]auth[\\/](?!components[\\/](check-inbox|new-password-form|reset-request-form|sign-up-form|two-factor-step|verify-email-view)\.tsx|api[\\/](request-password-reset|reset-password|sign-out|sign-up|verify-email|verify-sign-in-code)\.ts|lib[\\/]sign-in-code-errors\.ts)|components[\\/](brand-mark|ui[\\/](alert|form-field|input|label|spinner))\.tsx|lib[\\/](form-errors|toast)\.ts)/,
              },
            ],
          },
        },
      },
    },
    test: {
      environment: 'node',
      include: ['src/**/*.test.ts'],
    },
  };
});
