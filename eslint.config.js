import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const layer = (...names) => names.flatMap((n) => [`@/${n}`, `@/${n}/**`, `**/${n}/**`]);
const FEATURES = ['register', 'contact', 'download'];

/**
 * Outside the packages, only their exports maps: the puzzle's ".", "./react", "./core", "./protocol", "./testing",
 * "./style.css"; the gateway's ".", "./policy", "./answers", "./testing" and, for this repository's tests and benches
 * only (not published), "./internals".
 */
const PACKAGE_DOOR = {
  group: [
    '**/packages/**',
    ...['puzzle-captcha', 'gateway'].flatMap((name) => [
      `@game-register/${name}/src`,
      `@game-register/${name}/src/**`,
      `@game-register/${name}/*/**`,
    ]),
  ],
  message: 'Import the packages through their exports only.',
};

/**
 * The zones: production code (server/, the app, the packages' src/, tests aside) imports neither
 * the build scripts (scripts/) nor the test doubles (testing/), nor the benches or the browser tests. Test files
 * (*.test.ts) may import testing/, where the test helpers live. Import circles are kept out by scripts/import-cycles.test.ts.
 */
const ZONES = {
  group: ['**/scripts/**', '**/testing/**', '**/bench/**', '**/e2e/**'],
  message:
    'Production code imports neither build scripts (scripts/) nor test doubles (testing/): move what it needs into the ' +
    'production folder it belongs to.',
};
const TESTS = ['**/*.test.{ts,tsx}', 'src/test/**'];

const PUZZLE_PATTERNS = [
  {
    group: ['@/*', '**/src/app/**', '**/server/**', '@game-register/**'],
    message: 'The puzzle package stands alone: it imports nothing from the app or the server.',
  },
];
const GATEWAY_RULE = (extra) => [
  'error',
  {
    patterns: [
      {
        group: ['@/*', '**/server/**', '**/src/**', '**/bench/**', '**/scripts/**', '**/e2e/**'],
        message: 'The gateway stands alone: it imports nothing from the server, the app, the benches or the scripts.',
      },
      {
        group: ['@game-register/gateway', '@game-register/puzzle-captcha/src', '@game-register/puzzle-captcha/*/**'],
        message: 'The gateway imports its own files by path, and the puzzle package through its exports.',
      },
      ...extra,
    ],
    paths: ['@game-register/puzzle-captcha', '@game-register/puzzle-captcha/react'].map((name) => ({
      name,
      message: 'The gateway is for servers: the puzzle package through ./core, ./protocol or ./testing only.',
    })),
  },
];

/** Import boundaries: shared -> features -> app, and the puzzle package stands alone behind its exports map. */
const boundaries = [
  {
    files: ['packages/puzzle-captcha/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: PUZZLE_PATTERNS }] },
  },
  {
    // The packages' production files: their own testing/ folders (the published test kits) and tests aside.
    files: ['packages/puzzle-captcha/src/**'],
    ignores: [...TESTS, 'packages/*/src/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...PUZZLE_PATTERNS, ZONES] }] },
  },
  {
    // The gateway depends on nothing of ours but the puzzle package, through its exports.
    files: ['packages/gateway/**'],
    rules: { 'no-restricted-imports': GATEWAY_RULE([]) },
  },
  {
    files: ['packages/gateway/src/**'],
    ignores: [...TESTS, 'packages/*/src/testing/**'],
    rules: { 'no-restricted-imports': GATEWAY_RULE([ZONES]) },
  },
  {
    files: ['packages/site-settings/src/**', 'packages/api-wire/src/**'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [ZONES] }] },
  },
  {
    files: ['src/**', 'server/**', 'e2e/**', 'bench/**', 'scripts/**', 'testing/**', 'playground/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [PACKAGE_DOOR] }],
    },
  },
  {
    // The package's test helpers are for tests: production server and app code never import them, nor scripts or testing/.
    files: ['src/**', 'server/**'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            PACKAGE_DOOR,
            {
              group: ['@game-register/puzzle-captcha/testing', '@game-register/gateway/testing', '@game-register/gateway/internals'],
              message: 'The testing doors are for tests; a repeatable source for a test-only mode is seededRandom in ./core.',
            },
            ZONES,
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...FEATURES.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}`, `@/features/${f}/**`, `**/${f}/**`]),
                ...layer('app'),
              ],
              message: 'Features do not import each other or the app: move shared code down to api/, components/ or lib/.',
            },
            {
              group: ['**/packages/**', '@game-register/puzzle-captcha/*'],
              message: 'Features use the puzzle through its widget door, @game-register/puzzle-captcha.',
            },
            ZONES,
          ],
        },
      ],
    },
  })),
  {
    files: ['src/components/**', 'src/api/**', 'src/lib/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: layer('app', 'features'), message: 'Shared code imports no feature and no app module.' },
            PACKAGE_DOOR,
            ZONES,
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/dist', 'build', 'node_modules', 'test-results', 'playwright-report', 'bench-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read settings through src/config/env.ts only.',
        },
      ],
    },
  },
  {
    files: ['src/config/env.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', 'bench/**', 'testing/**', '*.config.{js,ts}', 'packages/*/*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
);
