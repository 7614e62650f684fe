// ESLint: eslint-plugin-obsidianmd's recommended config (ESLint and typescript-eslint
// type-checked rules plus Obsidian's own rules) for the whole repo, with the Obsidian-specific
// rules kept to the plugin's sources; and the host boundary: only the ObsidianHost, main.ts and
// UI code may import runtime values from 'obsidian'.
import obsidianmd from 'eslint-plugin-obsidianmd';
import { DEFAULT_ACRONYMS } from 'eslint-plugin-obsidianmd/dist/lib/rules/ui/acronyms.js';
import { DEFAULT_BRANDS } from 'eslint-plugin-obsidianmd/dist/lib/rules/ui/brands.js';
import svelte from 'eslint-plugin-svelte';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const obsidianRulesOff = {
  ...Object.fromEntries(Object.keys(obsidianmd.rules).map((name) => [`obsidianmd/${name}`, 'off'])),
  // The Obsidian config restricts globals such as fetch (use requestUrl) only for code in the app.
  'no-restricted-globals': 'off',
};

const TS_FILES = '**/*.{ts,cts,mts,tsx}';
const appliesToTs = (files) => (files ?? []).flat().includes(TS_FILES);

// obsidianmd's recommended rules for TypeScript (typescript-eslint's type-checked rules and the
// Obsidian rules), for the Svelte components too: the same blocks, matched to .svelte files,
// with the parser left to eslint-plugin-svelte.
const obsidianRulesForSvelte = obsidianmd.configs.recommended
  .filter((block) => appliesToTs(block.files))
  .map(({ files: _files, languageOptions: _parser, ...block }) => ({
    ...block,
    files: ['**/*.svelte'],
  }));

export default defineConfig([
  {
    ignores: ['**/node_modules/**', 'release/**', '**/dist/**', 'test-data/**'],
  },
  ...obsidianmd.configs.recommended,
  // eslint-plugin-svelte's recommended rules, for .svelte files only (some blocks name no files).
  ...svelte.configs.recommended.map((block) => ({ files: ['**/*.svelte'], ...block })),
  ...obsidianRulesForSvelte,
  {
    files: ['**/*.svelte'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: {
        parser: tseslint.parser,
        projectService: true,
        extraFileExtensions: ['.svelte'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['**/*.{ts,mjs,js}'],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.mjs'] },
        extraFileExtensions: ['.svelte'],
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
    files: ['packages/obsidian-plugin/src/**/*.{ts,svelte}'],
    rules: {
      // The plugin is desktop-only (manifest isDesktopOnly): the loopback server needs node:http.
      'obsidianmd/no-nodejs-modules': 'off',
      // Sentence case as recommended, knowing our names: the plugin, the protocol, the clients.
      'obsidianmd/ui/sentence-case': [
        'warn',
        {
          enforceCamelCaseLower: true,
          brands: [...DEFAULT_BRANDS, 'Local MCP Server', 'Claude Code', 'Smart Connections'],
          acronyms: [...DEFAULT_ACRONYMS, 'MCP'],
          // The token a first run creates is called Default: a name, kept capitalised.
          ignoreWords: ['Default'],
        },
      ],
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
    // The simulation is an Obsidian of any version: it implements and calls what 1.13 deprecates
    // (display() for tabs without definitions), as Obsidian itself does.
    files: ['packages/obsidian-sim/src/obsidian/**'],
    rules: { '@typescript-eslint/no-deprecated': 'off' },
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
