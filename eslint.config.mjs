// ESLint: eslint-plugin-obsidianmd's recommended config (ESLint and typescript-eslint
// type-checked rules plus Obsidian's own rules) for the whole repo, with the Obsidian-specific
// rules kept to the plugin's sources; and the host boundary: only the ObsidianHost, main.ts and
// UI code may import runtime values from 'obsidian'.
import obsidianmd from 'eslint-plugin-obsidianmd';
import { defineConfig } from 'eslint/config';
import globals from 'globals';

const obsidianRulesOff = {
  ...Object.fromEntries(Object.keys(obsidianmd.rules).map((name) => [`obsidianmd/${name}`, 'off'])),
  // The Obsidian config restricts globals such as fetch (use requestUrl) only for code in the app.
  'no-restricted-globals': 'off',
};

export default defineConfig([
  {
    ignores: ['**/node_modules/**', 'release/**', 'dist/**', 'packages/headless/demo-vault/**'],
  },
  ...obsidianmd.configs.recommended,
  {
    files: ['**/*.{ts,mjs,js}'],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
      // The SDK marks the low-level Server deprecated for simple servers; it is what serves one
      // global registry as per-token tool lists (docs/architecture/ADR-0002).
      '@typescript-eslint/no-deprecated': [
        'error',
        { allow: [{ from: 'package', package: '@modelcontextprotocol/server', name: 'Server' }] },
      ],
    },
  },
  {
    files: ['packages/obsidian-plugin/src/**/*.ts'],
    rules: {
      // The plugin is desktop-only (manifest isDesktopOnly): the loopback server needs node:http.
      'obsidianmd/no-nodejs-modules': 'off',
    },
  },
  {
    // Tests and everything outside the plugin's sources never run inside Obsidian.
    files: [
      '**/*.test.ts',
      '**/test-support/**',
      'packages/shared/**',
      'packages/headless/**',
      // The stdio shim runs in Node beside an MCP client, never inside Obsidian.
      'packages/obsidian-plugin/src/features/client-config/shim/**',
      'packages/obsidian-plugin/src/features/client-config/generated/**',
      'packages/obsidian-sim/**',
      'scripts/**',
      '*.mjs',
    ],
    rules: obsidianRulesOff,
  },
  {
    files: ['packages/**/*.ts'],
    ignores: [
      '**/host/obsidian/**',
      '**/src/main.ts',
      '**/components/**',
      '**/ui/**',
      // A plugin the simulation's tests bundle, written as any community plugin is.
      'packages/obsidian-sim/src/test-support/tiny-plugin/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'obsidian',
              allowTypeImports: true,
              message:
                'Only the ObsidianHost, main.ts and UI code may import runtime values from obsidian; use VaultHost (import type is fine).',
            },
          ],
        },
      ],
    },
  },
]);
