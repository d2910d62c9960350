import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const layer = (...names) => names.flatMap((n) => [`@/${n}`, `@/${n}/**`, `**/${n}/**`]);
const FEATURES = ['register', 'contact', 'download'];

/** Import boundaries of STYLE.md: shared -> features -> app, and captcha/ stands alone. */
const boundaries = [
  {
    files: ['src/captcha/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@/*', ...layer('app', 'features', 'components', 'api', 'lib', 'config')], message: 'captcha/ is self-contained: import nothing from the app.' }],
      }],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: [...FEATURES.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}`, `@/features/${f}/**`, `**/${f}/**`]), ...layer('app')], message: 'Features do not import each other or the app: move shared code down to api/, components/ or lib/.' },
          { group: ['@/captcha/*', '!@/captcha/index', '**/captcha/core/**', '**/captcha/react/**'], message: 'Use the captcha through its door, @/captcha.' },
        ],
      }],
    },
  })),
  {
    files: ['src/components/**', 'src/api/**', 'src/lib/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: layer('app', 'features'), message: 'Shared code imports no feature and no app module.' }],
      }],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'test-results', 'playwright-report', 'bench-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
        message: 'Read settings through src/config/env.ts only.',
      }],
    },
  },
  {
    files: ['src/config/env.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', 'bench/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
);
