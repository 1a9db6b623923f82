// ESLint for the frontend: TypeScript's recommended rules (syntax only, no type information, so
// it stays fast), the rules of hooks, and the import rules that keep the layout honest.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder under src/features is a feature: a new one is covered without editing this file. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Code that every feature may use, and that never reaches back into a feature or the app shell. */
const shared = ['api', 'components', 'config', 'hooks', 'i18n', 'lib', 'session', 'styles'];

const boundaries = [
  // A feature imports only from itself and from shared code; src/app composes features.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to shared code, or compose them in src/app.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app shell: src/app imports features, not the other way round.',
  },
  {
    target: shared.map((folder) => `./src/${folder}`),
    from: ['./src/features', './src/app'],
    message: 'Shared code never imports a feature or the app shell.',
  },
];

export default defineConfig(
  globalIgnores(['dist/', 'test-results/', 'playwright-report/', 'src/api/generated/', 'src/api/.generated-check/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  // Lets the import rules read .ts and .tsx modules (no-cycle follows them).
  importPlugin.flatConfigs.typescript,
  {
    plugins: { 'react-hooks': reactHooks },
    settings: {
      // Modules no-cycle never reads: packages, and the generated client (it imports nothing of
      // ours but the mutator, so no cycle can pass through it).
      'import/ignore': ['/node_modules/', '/src/api/generated/'],
      // Resolves `@/…` through tsconfig.json's paths.
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      // As tsc's noUnusedLocals: a leading underscore marks a name kept on purpose, and a
      // destructured name is unused when it only removes a key from the rest.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The two classic hook rules only: the plugin's React Compiler rules would add about 7 s.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      // A part loaded on demand waits for its words too (src/lib/lazy.ts), or an English page
      // would paint it in zh-HK first.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message: "Use `lazy` from '@/lib/lazy': it waits for the part's words.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/lazy.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The config files and scripts run in Node.
    files: ['*.{js,mjs,ts}', 'scripts/**', 'pwa/plugin.ts', 'theme/plugin.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // The service worker runs in the browser's worker scope; the build fills in its list.
    files: ['pwa/service-worker.js'],
    languageOptions: { globals: { ...globals.serviceworker, __PRECACHE__: 'readonly' } },
  },
);
