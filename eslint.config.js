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

// Every external program is started through shared/node/toolchain, which finds the copy to run
// (Settings, bundled, system) and says which tool is missing and how to add it
// (docs/decisions/070-one-toolchain.md). Starting one by its bare name bypasses all that.
// One folder per screen (docs/structure.md); what two screens share lives in renderer/src/editor,
// renderer/src/ui or shared/, so no feature imports another (no import loops between screens).
const FEATURES = ['account', 'dub', 'jobs', 'score', 'settings', 'subtitles'];
const FEATURE_ZONES = FEATURES.map((feature) => ({
  target: `./renderer/src/features/${feature}`,
  from: './renderer/src/features',
  except: [`./${feature}`],
  message:
    'A feature folder never imports another: move shared code to renderer/src/editor, renderer/src/ui or shared/ (or hand over through editor/handoff).',
}));

const TOOL_NAME =
  '(ffmpeg|ffprobe|fluidsynth|espeak-ng|sox|text2wave|apertium|lt-proc|festival|pocketsphinx|pocketsphinx_continuous)(\\.exe)?';
const STARTERS = '/^(spawn|spawnSync|execFile|execFileSync|exec|execSync|fork)$/';
/** A string naming a tool, alone or as the start of a shell command line ("ffmpeg -i …"). */
const NAMES_TOOL = `/^\\s*${TOOL_NAME}(\\s|$)/`;
const TOOLCHAIN_MESSAGE =
  'Start external tools through shared/node/toolchain (spawnTool/runTool, or toolPath(name) in tests), never by bare name: it finds the bundled/system/user copy and explains a missing tool.';
const bareToolSpawn = [
  ...['callee.name', 'callee.property.name'].flatMap((callee) => [
    {
      selector: `CallExpression[${callee}=${STARTERS}][arguments.0.type='Literal'][arguments.0.value=${NAMES_TOOL}]`,
      message: TOOLCHAIN_MESSAGE,
    },
    {
      selector: `CallExpression[${callee}=${STARTERS}][arguments.0.type='TemplateLiteral'][arguments.0.quasis.0.value.raw=${NAMES_TOOL}]`,
      message: TOOLCHAIN_MESSAGE,
    },
  ]),
];
const childProcessImport = {
  paths: ['child_process', 'node:child_process'].map((name) => ({
    name,
    allowTypeImports: true,
    message:
      'Start tools through shared/node/toolchain; only the allow-listed launchers start processes here.',
  })),
};
/**
 * Files of helper B's portable-synthesis work that still start fluidsynth by name on this
 * branch; desk-b moves them to the toolchain. Remove this list once desk-b is merged.
 */
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
    // Zones below match resolved files: without TypeScript extensions here, `../score/store`
    // would not resolve and no zone could fire on it.
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
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
            ...FEATURE_ZONES,
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
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['shared/node/toolchain/**'],
    rules: { 'no-restricted-syntax': ['error', ...bareToolSpawn] },
  },
  {
    // Engine code and main's media services start processes only through the toolchain. Tests
    // and test helpers may import child_process to run toolPath(name) or a node child.
    files: ['engine/**/*.ts', 'electron/main/services/media/**/*.ts'],
    ignores: ['**/*.test.ts', '**/__tests__/**', 'engine/testing/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', childProcessImport] },
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
