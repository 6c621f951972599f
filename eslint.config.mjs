// One ESLint config for the whole workspace (flat config). Each project's `lint` target runs
// `eslint .` in its folder; Nx caches the result. The rules that matter most here:
// - type-aware promise and switch checks (a forgotten `await` or an unhandled enum member is a bug
//   the compiler lets through),
// - React's hook rules (the React Compiler's checks included),
// - ARCHITECTURE.md's dependency rules as Nx module boundaries, from the tags in each package.json.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** ARCHITECTURE.md's dependency rules, with `allow` the imports let through by name. */
function moduleBoundaries(allow) {
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow,
      depConstraints: [
        { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
        { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:lib'] },
        { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:lib'] },
        { sourceTag: 'type:api', onlyDependOnLibsWithTags: ['scope:shared'] },
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: [] },
        { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib', 'type:api', 'type:shell', 'type:remote'] },
      ],
    },
  ];
}

/**
 * Issue 22: every text a person reads comes from a catalog (src/i18n/<language>.json, via useT), so it
 * shows in all six languages. These catch English written straight into a screen: JSX text, the
 * props antd shows (title, label, placeholder, okText …), toast calls and the same keys in objects
 * (table columns, select options). scripts/check-translations.mjs checks the catalogs themselves.
 */
const UNTRANSLATED = 'Untranslated text: put it in the src/i18n catalogs and read it with t() from useT().';
const SHOWN_PROPS =
  '/^(title|label|placeholder|alt|aria-label|okText|cancelText|tooltip|description|message|extra|emptyText|addonBefore|addonAfter|help|content|subTitle|checkedChildren|unCheckedChildren|buttonText|actionLabel|text)$/';
const WORDS = '/[A-Za-z]{2,}/';
const untranslatedText = [
  { selector: `JSXText[value=${WORDS}]`, message: UNTRANSLATED },
  { selector: `JSXElement > JSXExpressionContainer > Literal[value=${WORDS}]`, message: UNTRANSLATED },
  { selector: `JSXAttribute[name.name=${SHOWN_PROPS}] > Literal[value=${WORDS}]`, message: UNTRANSLATED },
  {
    selector: `JSXAttribute[name.name=${SHOWN_PROPS}] > JSXExpressionContainer > :matches(Literal[value=${WORDS}], TemplateLiteral)`,
    message: UNTRANSLATED,
  },
  {
    selector: `CallExpression[callee.property.name=/^(success|error|info|warning|loading)$/] > :matches(Literal[value=${WORDS}], TemplateLiteral)`,
    message: UNTRANSLATED,
  },
  { selector: `Property[key.name=${SHOWN_PROPS}] > Literal[value=${WORDS}]`, message: UNTRANSLATED },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-monolith/**',
      '**/tmp/**',
      '**/coverage/**',
      '**/.nx/**',
      '**/@mf-types/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'reliability/results/**',
      'cluster/results/**',
      'bench/results/**',
      'eval/results/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        // Each file is checked with the types of the tsconfig.json that includes it; the few
        // config files no tsconfig includes get a default program.
        projectService: { allowDefaultProject: ['*.config.ts', '*.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The browser apps and their libs.
    files: [
      'apps/shell/**/*.{ts,tsx}',
      'apps/mf-*/**/*.{ts,tsx}',
      'libs/{ui,module-kit,api-client,testing,i18n}/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: [
      'apps/api/**/*.ts',
      'apps/e2e/**/*.{ts,mts}',
      'scripts/**',
      'bench/**',
      'eval/**',
      'reliability/**',
      'deploy/**',
      'cluster/**',
      'suites/**',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // ARCHITECTURE.md: libs never import apps; remotes never import each other or the shell;
    // the API imports only @aide/contracts. Tags live in each package.json's "nx" field.
    // Application and test code; build and test-runner configs (rsbuild, jest) reach the
    // workspace's shared build setup by path on purpose.
    files: ['apps/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}', 'apps/api/test/**/*.ts', 'apps/e2e/**/*.{ts,mts}'],
    ignores: ['**/*.config.ts'],
    plugins: { '@nx': nx },
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries([]) },
  },
  {
    // The e2e tests start the API's own fixture servers and files, which @aide/api's package.json
    // exports under ./test/*; Nx forbids importing an app otherwise.
    files: ['apps/e2e/**/*.{ts,mts}'],
    ignores: ['**/*.config.ts'],
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries(['@aide/api/test/*']) },
  },
  {
    // The front end calls the API only through the endpoint contracts (@aide/contracts endpoints
    // with callEndpoint, endpointQuery, queryKeyOf or endpointUrl from @aide/api-client), never by
    // spelling a path. Tests may still assert a URL a user sees (a link's href).
    files: ['apps/shell/src/**/*.{ts,tsx}', 'apps/mf-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...untranslatedText,
        {
          selector: 'Literal[value=/^\\/api(\\/|$)/]',
          message:
            'Call the API through its endpoint in @aide/contracts (callEndpoint, endpointQuery, endpointUrl), not a path literal.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api(\\/|$)/]',
          message:
            'Call the API through its endpoint in @aide/contracts (callEndpoint, endpointQuery, endpointUrl), not a path literal.',
        },
      ],
    },
  },
  {
    files: ['libs/ui/src/**/*.tsx'],
    ignores: ['**/*.spec.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...untranslatedText] },
  },
  prettier,
);
