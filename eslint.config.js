import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Every feature of the web app; a new folder is covered by the rules below without editing them. */
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A screen a person can read in one sitting (issue 24): a component that grows past this gets
    // its state into hooks and its parts into files named for what they hold. Tests are exempt.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Imports are resolved to files (they name them with their .ts extension) before the rules
    // below judge them. eslint-plugin-import rather than import-x: the latter needs native
    // resolver builds for every platform in the lockfile, which our registry does not all have.
    files: ['web/**/*.{ts,tsx}', 'shared/**/*.ts', 'server/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      // A cycle makes the order of module evaluation matter, and its modules cannot be taken apart.
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The web app's imports flow one way: app → routes → features → config, components, lib.
    // A feature never imports another feature: what several features share (the visible-memories
    // query key, the session, the current user) lives in lib/, and screens are composed in routes/.
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move what both need to lib/ (or components/, config/), or compose them in routes/.',
            })),
            {
              target: './web/src/features',
              from: ['./web/src/app', './web/src/routes'],
              message: 'Features sit below the routes and the app shell.',
            },
            {
              target: './web/src/routes',
              from: './web/src/app',
              message: 'Routes sit below the app shell.',
            },
            {
              target: ['./web/src/components', './web/src/config', './web/src/lib'],
              from: ['./web/src/app', './web/src/routes', './web/src/features'],
              message: 'Shared code (components, config, lib) sits below the features, routes and app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Imports flow one way: the shared contract knows nothing of server or web.
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'react*'] }] },
  },
  {
    // A migration that has shipped never changes: it carries the SQL it needs, frozen, and imports
    // nothing from the features (docs/conventions.md §4).
    files: ['server/src/db/migrations/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'Migrations carry their own frozen SQL; import nothing from modules/.' }] }] },
  },
  {
    // Who may do what has one owner (docs/decisions/050-access.md): the rest of the server goes
    // through the access module's index, so nothing depends on how the rule is laid out inside.
    files: ['server/**/*.ts'],
    ignores: ['server/src/modules/access/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server',
              from: './server/src/modules/access',
              except: ['./index.ts'],
              message: 'Import the access module through modules/access/index.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only repositories talk to the query builder (docs/conventions.md §4).
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*.repository.ts', 'server/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'kysely', allowTypeImports: true, message: 'Query the database only in *.repository.ts files.' }] }] },
  },
);
