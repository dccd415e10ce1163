// One lint gate for every folder; import zones enforce docs/structure.md's boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'child_process',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'url',
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'e2e/artifacts/**',
      'test-results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./electron', './renderer', './engine', './scripts', './e2e'],
              message: 'shared imports nothing outside shared.',
            },
            {
              // shared/node is the Node-side part of shared (file readers main and engine share).
              target: ['./shared/api', './shared/domain', './shared/ipc', './shared/security'],
              from: ['./shared/node'],
              message: 'Pure shared code never imports the Node-side shared/node.',
            },
            {
              target: './renderer',
              from: ['./electron', './engine', './scripts', './shared/node'],
              message: 'The renderer talks to main only through the bridge.',
            },
            {
              target: './engine',
              from: ['./electron', './renderer', './shared/ipc'],
              message: 'The engine imports shared/api, shared/domain and shared/node only.',
            },
            {
              target: './electron',
              from: ['./renderer'],
              message: 'Main never imports renderer code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    // shared/node is shared by main and the engine only, and may use Node (decision 040).
    ignores: ['shared/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', ...nodeBuiltins], message: 'No electron or Node modules here.' },
          ],
        },
      ],
    },
  },
  {
    // Only these adapter files may import electron (docs/structure.md).
    files: ['electron/main/**/*.ts'],
    ignores: [
      'electron/main/index.ts',
      'electron/main/window.ts',
      'electron/main/ipc/register-electron.ts',
      'electron/main/adapters/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Inject Electron through an adapter.' }] },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
);
