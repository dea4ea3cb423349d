// Flat config: typescript-eslint's recommended rules everywhere, React hook rules for the web app.
// Runs without type information so `npm run lint` stays fast on the 2-core machines; `tsc -b` covers types.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** Node's globals for the plain .js/.mjs scripts (TypeScript files get theirs from @types/node). */
const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'URL', 'URLSearchParams', 'Buffer', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'fetch', 'AbortController', 'TextEncoder', 'TextDecoder', 'structuredClone', 'performance'].map((name) => [name, 'readonly']),
);

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'playwright-report/**',
      'test-results/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding that is deliberately unused (Fastify handler signatures, destructuring).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Drizzle/Fastify/zod generics sometimes need an escape hatch; keep it visible but not blocking.
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
      // Flags every `throw` inside a catch, also when the catch only detects a condition (e.g. a held lock file)
      // and the new error is the message we mean, not a wrapper of the caught one.
      'preserve-caught-error': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Tests may assert on loosely typed JSON answers.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
