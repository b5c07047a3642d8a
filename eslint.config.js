// One ESLint config for the whole repo: typescript-eslint's type-aware rules, with the
// ones that catch real bugs (floating or misused promises, non-exhaustive switches, any) as errors.
import eslint from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

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
  {
    // libvips's settings are the process's: product code takes sharp from the one module that makes them.
    files: ['apps/server/src/**/*.ts', 'packages/engine/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/engine/src/media/sharp.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sharp',
              message:
                "Import sharp from '@shark/engine/media/sharp.ts' (its settings apply to the whole process).",
            },
          ],
        },
      ],
    },
  },
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
