import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    files: ['web/public/sw.js'],
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
    // Only repositories talk to the query builder (docs/conventions.md §4).
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*.repository.ts', 'server/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'kysely', allowTypeImports: true, message: 'Query the database only in *.repository.ts files.' }] }] },
  },
);
