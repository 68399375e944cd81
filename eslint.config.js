// ESLint (issue 27, item 5): the rules that catch real bugs in this stack, with type information (`npm run lint`,
// part of `npm test`). Formatting is Prettier's job: eslint-config-prettier comes last and turns off every rule
// that would fight it.
import js from '@eslint/js'
import eslintReact from '@eslint-react/eslint-plugin'
import prettier from 'eslint-config-prettier/flat'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** A rule nobody has to act on is noise: every rule this config keeps fails the run. */
const asErrors = (config) => ({
  ...config,
  rules: Object.fromEntries(
    Object.entries(config.rules).map(([rule, setting]) => [
      rule,
      setting === 'warn' ? 'error' : Array.isArray(setting) && setting[0] === 'warn' ? ['error', ...setting.slice(1)] : setting,
    ]),
  ),
})

export default defineConfig(
  // Generated or built: written by tools, never edited by hand (docs/decisions/0002-generated-files.md).
  globalIgnores([
    'dist/',
    '.wrangler/',
    '.seed/',
    '.bench/',
    '.deploy/',
    '.tmp/',
    'test-results/',
    'playwright-report/',
    'screenshots/',
    'project.inlang/',
    'src/paraglide/',
    'src/routeTree.gen.ts',
    'worker-configuration.d.ts',
  ]),

  {
    linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
  },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    rules: {
      // `_` marks what is left unused on purpose; destructuring a key away to keep the rest is how a field is dropped.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // React drops what an event handler returns. The async handlers passed to JSX await `useServerAction`, whose
      // promise settles as {data, error, status} and never rejects (src/queries/server-action.ts); the rule still
      // checks every other place a promise goes where nothing waits for it.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // TanStack Router's way to end a loader or server function with the not-found page or a redirect.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['NotFoundError', 'Redirect'] }] },
      ],
      // Augmenting wrangler's generated `Cloudflare.Env` takes a `declare namespace`.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // Off: 37 findings and no bug among them: it drops a harmless `!` or `as`, or moves an unchecked type from an
      // `as` to a type argument (`json<T>()` for `json() as T`).
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Off: Durable Object RPC methods and interface implementations are async without awaiting; a promise left
      // unawaited is what no-floating-promises catches.
      '@typescript-eslint/require-await': 'off',
    },
  },

  // The browser code: React's rules of hooks and the React Compiler's checks (the React team's plugin), and the JSX,
  // DOM and web API bugs of @eslint-react.
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [asErrors(reactHooks.configs.flat['recommended-latest']), asErrors(eslintReact.configs['recommended-type-checked'])],
    rules: {
      // Off: the same checks as eslint-plugin-react-hooks' rules above, which are the ones kept.
      '@eslint-react/rules-of-hooks': 'off',
      '@eslint-react/exhaustive-deps': 'off',
      '@eslint-react/purity': 'off',
      '@eslint-react/set-state-in-effect': 'off',
      '@eslint-react/set-state-in-render': 'off',
      '@eslint-react/static-components': 'off',
      '@eslint-react/unsupported-syntax': 'off',
      '@eslint-react/use-memo': 'off',
      '@eslint-react/error-boundaries': 'off',
      // Off: a naming style. The hooks rules know a local ref by its useRef(); only a ref received as a prop needs the
      // `Ref` suffix for them (SearchSuggestions' handlersRef), and they ask for it there.
      '@eslint-react/naming-convention-ref-name': 'off',
    },
  },

  // Tests read JSON answers as `any` and assert on them: a wrong shape fails the assertion, so these are noise there.
  {
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // Plain JavaScript config files are outside tsconfig.json: linted without type information.
  {
    files: ['**/*.{js,cjs,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },

  prettier,
)
