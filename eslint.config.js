// One ESLint config for the whole repo: typescript-eslint's type-aware rules, with the
// ones that catch real bugs (floating or misused promises, non-exhaustive switches, any) as errors.
import { readdirSync } from 'node:fs';
import eslint from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// Import boundaries. Each concern is a list of no-restricted-imports entries; a file's rule options
// are the concerns that apply to it, put together in one block (a later block replaces an earlier
// one's options for the same rule, so the blocks below go from the broadest files to the narrowest).

const sharpFromEngine = {
  name: 'sharp',
  message:
    "Import sharp from '@shark/engine/media/sharp.ts' (its settings apply to the whole process).",
};

const serverOnly = {
  regex: '^(@shark/server|@shark/db)(/|$)',
  message: 'The server and its database stay on the server.',
};
const engineOnly = {
  regex: '^@shark/engine(/|$)',
  message: 'The engine runs on the server; the browser gets its results through the API.',
};
const serverAlias = {
  regex: '^#server/',
  message: 'The engine does not depend on the server.',
};
const drizzle = {
  regex: '^drizzle-orm(/|$)',
  message: 'Queries live in a repository (*-repository.ts); pass the repository in.',
};
const drizzleOnServer = {
  regex: '^drizzle-orm(/|$)',
  message: "drizzle is the server's: only its repositories query the database.",
};
const dbSchema = {
  regex: '^@shark/db/schema(\\.ts|/|$)',
  message: 'Tables are read and written by a repository (*-repository.ts); pass the repository in.',
};
const parentRelative = {
  regex: '^\\.\\./',
  message: "Import the server's own files through '#server/...' (same-folder './x.ts' is fine).",
};

// Server files that may import drizzle and the schema without being a repository: adapters by nature,
// each with its reason. (The job queue's bridge in jobs/ hands pg-boss's own SQL to the connection and
// imports neither; the database client is packages/db, outside these rules; the rate limiter's
// counters are a repository, rate-limit-repository.ts.)
const drizzleAdapters = {
  'apps/server/src/features/auth/auth.ts':
    "Better Auth's drizzle adapter is handed the schema's tables and runs its own queries.",
};

const serverFiles = 'apps/server/src/**/*.ts';
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/testing/**'];
const serverDrizzleAllowed = [
  'apps/server/src/**/*-repository.ts',
  ...Object.keys(drizzleAdapters),
];

/** The server's no-restricted-imports options: sharp (not in tests), drizzle (not where it is allowed), '../'. */
function serverRestrictions({ sharp, database }) {
  return [
    'error',
    {
      paths: sharp ? [sharpFromEngine] : [],
      patterns: [parentRelative, ...(database ? [drizzle, dbSchema] : [])],
    },
  ];
}

const serverBoundaries = [
  {
    files: [serverFiles],
    rules: { 'no-restricted-imports': serverRestrictions({ sharp: true, database: true }) },
  },
  {
    files: serverDrizzleAllowed,
    rules: { 'no-restricted-imports': serverRestrictions({ sharp: true, database: false }) },
  },
  {
    files: ['apps/server/src/**/testing/**'],
    rules: { 'no-restricted-imports': serverRestrictions({ sharp: true, database: false }) },
  },
  {
    files: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': serverRestrictions({ sharp: false, database: false }) },
  },
];

// A feature reaches another feature through what that feature exports at its top level (services,
// types, ports), never its repositories, its routes or the files in its sub-folders. A repository's
// type may still be named (type-only imports are allowed). Tests set up their data however they need.
// A regex, not a `group`: gitignore-style groups read a leading '#' as a comment.
const serverFeaturesDir = 'apps/server/src/features';
const serverFeatures = readdirSync(new URL(`./${serverFeaturesDir}/`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureBoundaries = serverFeatures.map((feature) => ({
  files: [`${serverFeaturesDir}/${feature}/**/*.ts`],
  ignores: serverTests,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: serverFeatures
          .filter((other) => other !== feature)
          .map((other) => ({
            regex: `^#server/features/${other}/([^/]+-(repository|routes)\\.ts$|[^/]+/)`,
            allowTypeImports: true,
            message: `'${other}' is another feature: use what its top level exports, or take a port.`,
          })),
      },
    ],
  },
}));

const packageBoundaries = [
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverOnly, engineOnly, drizzleOnServer] }],
    },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [sharpFromEngine], patterns: [serverOnly, serverAlias, drizzleOnServer] },
      ],
    },
  },
  {
    files: ['packages/engine/src/**/*.test.ts', 'packages/engine/src/media/sharp.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverOnly, serverAlias, drizzleOnServer] }],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [serverOnly, engineOnly, serverAlias, drizzleOnServer] },
      ],
    },
  },
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/*.gen.ts',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.vitest-reports/**',
      'bench/results/**',
      'data/**',
      '.data-*/**',
      // Type declarations of plain .mjs scripts (no code to lint).
      'scripts/*.d.mts',
    ],
  },
  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // Root files that no workspace tsconfig includes (there is no root tsconfig.json).
          allowDefaultProject: ['vitest.config.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // sharp from one module, drizzle only in repositories, no '../', features apart, packages apart.
  ...serverBoundaries,
  ...featureBoundaries,
  ...packageBoundaries,
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by design.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Plain JavaScript (this file, scripts/*.mjs) has no types to check against.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        AbortSignal: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
