// Flat config: typescript-eslint's recommended rules everywhere, React hook rules for the web app.
// Runs without type information so `npm run lint` stays fast on the 2-core machines; `tsc -b` covers types.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * Feature boundaries (docs/ARCHITECTURE.md): a feature folder may use another feature only through that feature's
 * public entry, `features/<name>/index.ts`. One zone per feature, made from the folders on disk, so a new feature
 * is covered the day it is created: importing `features/<name>/<anything else>` from outside `features/<name>`
 * fails lint. `alsoIn` lists other folders held to the same rule (the web's app/ composes features only through
 * their entries).
 */
function featureZones(root, alsoIn = []) {
  const names = readdirSync(new URL(`./${root}/`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return names.map((name) => ({
    target: [`./${root}/!(${name})/**/*`, ...alsoIn],
    from: `./${root}/${name}`,
    except: ['./index.ts'],
    message: `Use features/${name} only through its public entry, features/${name}/index.ts.`,
  }));
}

/**
 * Table ownership on the server (docs/ARCHITECTURE.md): a feature's tables are in its `features/<name>/<name>.schema.ts`
 * and only that feature uses them; other features go through its index.ts (functions, or SQL builders for their own
 * statements). Like featureZones, but a feature's schema file is refused in two zones: to other features' code as the
 * rest of the folder is, and to other features' schema files except for itself (a foreign key names the other table's
 * column; a schema file never reaches a feature's code).
 */
function serverFeatureZones(root) {
  const names = readdirSync(new URL(`./${root}/`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return names.flatMap((name) => [
    {
      target: [`./${root}/!(${name})/**/!(*.schema).ts`],
      from: `./${root}/${name}`,
      except: ['./index.ts'],
      message: `Use features/${name} only through its public entry, features/${name}/index.ts (its tables in ${name}.schema.ts are its own).`,
    },
    {
      target: [`./${root}/!(${name})/*.schema.ts`],
      from: `./${root}/${name}`,
      except: [`./${name}.schema.ts`],
      message: `A schema file may import features/${name}/${name}.schema.ts (for a foreign key), nothing else of features/${name}.`,
    },
  ]);
}

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
      // The Capacitor projects' copies of the built web app (cap sync writes them; gitignored).
      'apps/mobile/android/**',
      'apps/mobile/ios/**',
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
    // Layers and feature boundaries, and no import cycles anywhere in the apps.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // no-cycle follows imports by parsing each dependency: TypeScript files need TypeScript's parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverFeatureZones('apps/server/src/features'),
            // db/schema/index.ts is drizzle-kit's and the typed client's aggregate of every table, the platform's and the
            // features' schema files: a feature's code never imports it (nor the platform's table files) to reach a table
            // that is not its own. Tests may, to set up rows.
            {
              target: './apps/server/src/features/**/!(*.test|*.test-helpers).ts',
              from: './apps/server/src/db/schema',
              except: ['./_columns.ts'],
              message: "A feature uses its own tables (./<name>.schema.ts) and other features' through their index.ts; the platform's tables through platform/ (docs/ARCHITECTURE.md, table ownership).",
            },
            ...featureZones('apps/web/src/features', ['./apps/web/src/app']),
            // The shared layers never reach up: platform, db and test helpers do not import features (server);
            // components, lib and test helpers do not import features or the app shell (web); features never import app/.
            { target: './apps/server/src/platform', from: './apps/server/src/features', message: 'platform/ is shared: it must not depend on a feature.' },
            // platform/untrusted, the one home for reading untrusted files, is used through its two entries: index.ts
            // (the server's side) and child.ts (code that runs in a child it starts).
            {
              target: './apps/server/src/!(platform)/**/*',
              from: './apps/server/src/platform/untrusted',
              except: ['./index.ts', './child.ts'],
              message: 'Use platform/untrusted through its entries: index.ts (the server side) or child.ts (inside a child process).',
            },
            { target: './apps/server/src/db/!(schema)/**/*', from: './apps/server/src/features', message: 'db/ is shared: it must not depend on a feature.' },
            { target: './apps/server/src/db/*.ts', from: './apps/server/src/features', message: 'db/ is shared: it must not depend on a feature.' },
            // db/schema/ holds the platform's tables and the aggregate: the aggregate re-exports every feature's schema
            // file, and nothing in db/schema reaches any other part of a feature.
            {
              target: './apps/server/src/db/schema/**/*',
              from: './apps/server/src/features/**/*',
              except: ['**/features/*/*.schema.ts'],
              message: "db/schema may re-export a feature's <name>.schema.ts, nothing else of a feature.",
            },
            { target: './apps/server/src/test', from: './apps/server/src/features', message: 'test/ helpers are shared: they must not depend on a feature.' },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features must not import the app shell (app/ composes features).' },
            { target: ['./apps/web/src/components', './apps/web/src/lib'], from: ['./apps/web/src/features', './apps/web/src/app'], message: 'Shared code must not depend on features or the app shell.' },
          ],
        },
      ],
    },
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
    // Web tests fake the API one way: fakeApi() from apps/web/src/test/fake-api.ts, routed by contract endpoint
    // (docs/adding-a-feature.md). src/lib's tests exercise the request and upload layers themselves, below the
    // contract, and keep their own fetch.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='stubGlobal'][arguments.0.value='fetch']", message: 'Fake the API with fakeApi() from src/test/fake-api.ts (by contract endpoint), not by stubbing fetch.' },
        { selector: "AssignmentExpression[left.property.name='fetch']", message: 'Fake the API with fakeApi() from src/test/fake-api.ts (by contract endpoint), not by replacing fetch.' },
        { selector: "CallExpression[callee.property.name='stubGlobal'][arguments.0.value='XMLHttpRequest']", message: 'Uploads reach fakeApi() from src/test/fake-api.ts too (by contract endpoint): do not stub XMLHttpRequest.' },
      ],
    },
  },
  {
    // Tests may assert on loosely typed JSON answers.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
