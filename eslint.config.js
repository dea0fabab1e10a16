import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Every folder under features/ is an area of its own: it may import components/, lib/ and
// @portal/shared, never another area (shared pieces move to components/ or lib/). Route tables
// and layouts that put areas together live in app/. Read from the disk, so a new area is covered.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Every folder under the server's modules/ is an area: another area reaches it only through its
// index.ts. platform/ and db/ know no area at all. Read from the disk, so a new module is covered.
const SERVER_MODULES = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'apps/web/test/fixtures/**',
      'apps/server/test/fixtures/lint-cycle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js files and cannot follow a cycle through .ts/.tsx.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: new URL('./apps/web/src', import.meta.url).pathname,
          zones: [
            ...WEB_FEATURES.map((name) => ({
              target: `./features/${name}`,
              from: './features',
              except: [`./${name}`],
              message: 'Kein Import aus einem anderen Bereich: gemeinsame Teile gehören nach components/ oder lib/.',
            })),
            {
              target: ['./components', './lib'],
              from: './features',
              message: 'components/ und lib/ importieren keine Bereiche.',
            },
            {
              target: ['./features', './lib'],
              from: './app',
              message: 'features/ und lib/ importieren nichts aus app/: Gemeinsames gehört nach lib/ oder components/.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The fixture of the cycle test is linted by the test alone (ignored above).
    files: ['apps/server/src/**/*.ts', 'apps/server/test/fixtures/lint-cycle/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      // The server imports its .ts files by their .js names (NodeNext).
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: new URL('./apps/server/src', import.meta.url).pathname,
          zones: [
            {
              target: './platform',
              from: './modules',
              message: 'platform/ kennt keinen Bereich: der Bereich meldet sich an (Registrierung), nicht umgekehrt.',
            },
            {
              target: './db',
              from: ['./modules', './seed'],
              message: 'db/ kennt keinen Bereich (Demo-Daten liegen in seed/).',
            },
            ...SERVER_MODULES.map((name) => ({
              target: `./modules/${name}`,
              from: './modules',
              except: [`./${name}`, ...SERVER_MODULES.filter((m) => m !== name).map((m) => `./${m}/index.ts`)],
              message: 'Ein anderer Bereich nur über seine index.ts.',
            })),
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One declaration per call, web side: an area fetches only through lib/calls.ts (ApiError may be read).
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api'],
              importNames: ['api', 'apiBlob'],
              message:
                'Ein Aufruf nur über lib/calls.ts aus seiner Deklaration (callApi, useCallQuery, useCallMutation).',
            },
            {
              group: ['**/lib/upload'],
              message: 'Hochladen mit Fortschritt über callApi(…, { onProgress }) aus lib/calls.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // One declaration per call: an area registers its routes only with platform/serve.ts `serve()`.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|options|all)$/][arguments.0.value=/^\\//]',
          message: 'Eine Route nur über serve() aus ihrer Deklaration (packages/shared/src/contracts).',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|options|all)$/][arguments.0.quasis.0.value.raw=/^\\//]',
          message: 'Eine Route nur über serve() aus ihrer Deklaration (packages/shared/src/contracts).',
        },
        {
          selector: "CallExpression[callee.property.name='route'][arguments.0.type='ObjectExpression']",
          message: 'Eine Route nur über serve() aus ihrer Deklaration (packages/shared/src/contracts).',
        },
      ],
    },
  },
  {
    // Playwright takes waitForFunction's predicate as synchronous: a promise it returns counts as true at
    // once (playwright#29132), so an async condition never waits. e2e/helpers.ts `waitForAsync` does.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='waitForFunction'] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]",
          message: 'waitForFunction wartet nicht auf ein Promise: waitForAsync aus e2e/helpers.ts nehmen.',
        },
      ],
    },
  },
);
