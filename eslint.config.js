import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web's features, read from disk so a new feature gets its boundary without editing this file.
const features = fs
  .readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// The layers (docs/architecture.md "Layers"). emulators/ is a package of its own (@schrankwerk/emulators): others
// reach it by package name, through its `exports`, and it reaches nothing of the portal. Relative paths in
// `target`/`from` are from the repository root.
const packageZones = [
  {
    target: ['./functions', './web'],
    from: './emulators',
    message: 'Use the emulators by package name (@schrankwerk/emulators/..., emulators/package.json exports).',
  },
  {
    target: './emulators',
    from: ['./functions', './web'],
    message: 'The emulators know nothing of the portal or its web.',
  },
  {
    // one exception: the section type of `npm run bench`, which collects the emulators' benchmarks too
    target: './emulators',
    from: './scripts',
    except: ['./bench-types.ts'],
    message: 'The emulators know nothing of the scripts that run them (only the bench section type).',
  },
];
// Within the functions (production code; tests may reach across to set up what they check).
const functionsZones = [
  {
    target: './functions/src/platform',
    from: ['./functions/src/http', './functions/src/modules'],
    message: 'platform/ sits below http/ and every area.',
  },
  { target: './functions/src/config.ts', from: './functions/src/modules', message: 'config.ts knows no area.' },
  {
    target: './functions/src/data',
    from: ['./functions/src/modules', './functions/src/http'],
    message: 'data/ sits below http/ and every area.',
  },
];
const testFiles = ['**/*.test.{ts,tsx}', '**/testing/**', '**/fixtures/**', '**/*-fixtures.ts', '**/*.bench.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'functions/lib/**',
      'functions/.stack-*/**',
      '.data/**',
      '.tmp/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves `.js` specifiers to `.ts` sources and the web's @/ and @model/ aliases.
      'import/resolver': { [fileURLToPath(new URL('./scripts/eslint-import-resolver.cjs', import.meta.url))]: {} },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  { rules: { 'import/no-restricted-paths': ['error', { zones: packageZones }] } },
  {
    files: ['functions/src/**/*.ts'],
    ignores: testFiles,
    rules: { 'import/no-restricted-paths': ['error', { zones: [...packageZones, ...functionsZones] }] },
  },
  {
    // Runtime code logs through the Functions logger (functions) or not at all (web); command-line tools
    // (emulators, launcher, scripts, benchmarks, fixture generators) print to the console.
    files: ['functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/bench.ts', '**/*.bench.ts', '**/fixtures/**', '**/testing/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  {
    // The emulators handle protobuf messages as plain JSON of many shapes; tests and their HTTP helpers read
    // answers of any shape and assert on them.
    files: [
      'emulators/**/*.ts',
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      '**/*-fixtures.ts',
      'functions/src/modules/files/upload-client.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow one way: shared (components, lib, config, testing) -> features -> app; features never
      // import each other. Relative paths in `target`/`from` are from the repository root.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...packageZones,
            ...features.map((f) => ({
              target: `./web/src/features/${f}`,
              from: './web/src/features',
              except: [`./${f}`],
              message: 'A feature never imports another feature (docs/web.md).',
            })),
            { target: './web/src/features', from: './web/src/app', message: 'Features do not import app/.' },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/config'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code does not import features or app/.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/functions/src/*', '!**/functions/src/model', '!**/functions/src/model/**'],
              message: 'The web imports only the model (@model/...).',
            },
          ],
        },
      ],
    },
  },
  {
    // Product code and benches run no emulator of their own: a bench gets it from scripts/bench-helpers.ts.
    files: ['functions/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@schrankwerk/emulators', '@schrankwerk/emulators/*'],
              message: 'Only tests use the emulators directly; a bench gets them through scripts/bench-helpers.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The model is isomorphic: the web bundles it, so no server libraries and no Node built-ins.
    files: ['functions/src/model/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'firebase-admin',
                'firebase-admin/*',
                'firebase-functions',
                'firebase-functions/*',
                'express',
                'node:*',
                '../*',
                '!../model',
                '!../model/**',
              ],
              message: 'model/ is isomorphic (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Sizes (docs/architecture.md "Sizes"): production files stay small enough to read in one sitting and functions
    // short enough to see whole. Tests, fixtures and benchmarks are measurements and scenarios, not the product.
    files: ['**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      '**/fixtures/**',
      '**/*-fixtures.ts',
      'web/e2e/**',
      '**/*.bench.ts',
      '**/bench.ts',
      '**/*-bench-*.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
